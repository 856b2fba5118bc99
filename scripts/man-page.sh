#!/usr/bin/env bash
# animexport(1) from the binary's own help texts (issue 25 item 7): `animexport --help` is the
# description, each command's `--help` a section, so the man page says what the installed
# binary says. Usage: scripts/man-page.sh BINARY > animexport.1
set -euo pipefail
bin=${1:?usage: man-page.sh BINARY}
version=$("$bin" --version | awk '{print $2}')

# Help text as a no-fill block: backslashes escaped, a line starting with '.' or "'" guarded.
block() {
  echo '.nf'
  sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
  echo '.fi'
}

echo ".TH ANIMEXPORT 1 \"\" \"animexport $version\" \"User Commands\""
echo '.SH NAME'
echo 'animexport \- render vector animations offline to video and animated images'
echo '.SH SYNOPSIS'
"$bin" --help | sed -n '/^Usage:/,/^$/p' | sed 1d | sed '/^$/d' | block
echo '.SH DESCRIPTION'
"$bin" --help | block
for cmd in still batch render list info manifest; do
  echo ".SH \"animexport $cmd\""
  "$bin" "$cmd" --help | block
done
echo '.SH "animexport ANIMATION"'
echo 'Each built-in animation (see \fBanimexport list\fR) takes the options below; shown for pulse.'
"$bin" pulse --help | block
echo '.SH "animexport FILE.json"'
"$bin" animation.json --help | block
echo '.SH "animexport still FILE.json"'
"$bin" still animation.json --help | block
echo '.SH FILES'
echo '.TP'
echo '.I /usr/share/animexport/presets'
echo 'presets found by name (after $ANIMEXPORT_PRESETS and ./presets)'
echo '.TP'
echo '.I /usr/share/animexport/targets'
echo 'delivery targets (\-\-target)'
echo '.SH "SEE ALSO"'
echo '/usr/share/doc/animexport/README.md, and /usr/share/doc/animexport/docs/ for the documents the help texts cite (docs/ci.md, docs/lottie.md, …).'

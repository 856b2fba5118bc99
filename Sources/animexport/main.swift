import AnimExport

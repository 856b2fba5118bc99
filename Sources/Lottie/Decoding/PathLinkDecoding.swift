// Path expressions that link to another path: `content("Shape 1").content("Path 1").path`
//
// Bodymovin exports a path that After Effects drives by another one (a trimmed copy of a stroke,
// a mask following a shape) as an expression whose result is a link (Expressions/PropertyLinks.swift)
// ending in `.path` (or ("Path")). After Effects gives the linked path's value at the same time,
// so the property is the linked path's decoding — its keyframes, and its own path link if it has
// one — in place of its own keyframes (lottie-web: ShapeExpressions' `.path` returns the linked
// shape property's value; the expression's own keyframes are never drawn). A link to the property
// itself is its own value: the keyframes. Bounds as for links (LinkDecoding.swift): a chain of at
// most LottieLimits.maxExpressionLinkDepth path links, cycles reported, at most
// LottieLimits.maxExpressionLinks linked decodes per file. Any other path expression is a script
// (`createPath(…)`, `thisProperty.points()` …: Expressions/ScriptPaths.swift), bound by
// ScriptDecoding.swift once the property's own keyframes are decoded.
import JSON

extension DecodeContext {
    /// What a path's expression gives.
    enum PathExpression {
        /// The property's own keyframes (no expression, a link to itself, or one not evaluated: reported).
        case own
        /// The linked path, decoded.
        case linked(ShapeProperty)
        /// Not a link: a script, to be bound to the property's own keyframes.
        case script
    }

    /// The path the expression `source` of the path property at the current JSON path links to.
    func pathExpression(_ source: String) -> PathExpression {
        guard let link = Self.pathLink(source, caps: expressionCaps) else { return .script }
        do throws(ExpressionFailure) {
            let found = try locate(link)
            guard case .path = found.kind else { throw ExpressionFailure("\(link.description) is not a path") }
            let key = jsonPathString(found.containerPath + [.key(found.key)])
            if key == jsonPathString(path) {
                record(.expressions)
                return .own
            }
            guard !links.chain.contains(key) else { throw ExpressionFailure("a reference cycle through \(link.description)") }
            guard links.chain.count < limits.maxExpressionLinkDepth else {
                throw ExpressionFailure("links chained more than \(limits.maxExpressionLinkDepth) deep")
            }
            guard links.decodes < limits.maxExpressionLinks else {
                throw ExpressionFailure("more than \(limits.maxExpressionLinks) linked properties decoded in the file")
            }
            links.decodes += 1
            links.chain.append(key)
            defer { links.chain.removeLast() }
            let shape: ShapeProperty
            do throws(LottieError) {
                shape = try inScope(of: found) { () throws(LottieError) -> ShapeProperty in try self.shape(found.container, found.key) }
            } catch {
                throw ExpressionFailure("\(link.description) cannot be decoded: \(error.message.prefix(120))")
            }
            record(.expressions)
            return .linked(shape)
        } catch {
            unrecognisedExpression(source, error.reason)
            return .own
        }
    }

    /// The link a path expression gives as its result: `$bm_rt = link;` (Bodymovin's wrapper) or
    /// the link alone; nil for any other statement or form (a script).
    static func pathLink(_ source: String, caps: ExpressionCaps) -> PropertyLink? {
        guard let statements = try? ExpressionParser.parse(source, caps: caps) else { return nil }
        var result: ExpressionNode?
        for s in statements {
            switch s {
            case .declare("$bm_rt", nil): continue
            case .assign("$bm_rt", let e), .declare("$bm_rt", let e?), .evaluate(let e): result = e
            default: return nil
            }
        }
        guard let result, let reference = try? PropertyLinkSyntax.reference(result), reference.atTime == nil,
              reference.link.property == "path" else { return nil }
        return reference.link
    }
}

/**
 * Feature boundaries of the SPA (web/src), as an ESLint rule without dependencies.
 *
 * Every import, re-export and dynamic import() whose target lies in web/src (through the `@/`
 * alias or a relative path) is placed in one of these parts:
 *   features/<name>/…  the feature <name>
 *   components/…       shared UI
 *   lib/…              shared client logic
 *   anything else      the app's composition layer (app/, main.tsx…), which may import anything
 * and refused when
 *   - a feature imports another feature, or
 *   - components/ or lib/ import any feature.
 * See docs/decisions/0007-feature-boundaries.md.
 */
import path from "node:path";

/** @param {string} file absolute path; @param {string} srcRoot absolute path of web/src */
function partOf(file, srcRoot) {
  const rel = path.relative(srcRoot, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [top, name] = rel.split(path.sep);
  if (top === "features" && name) return { kind: "feature", name };
  if (top === "components" || top === "lib") return { kind: top, name: top };
  return { kind: "app", name: top };
}

/** @type {import("eslint").Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A feature never imports another feature; components/ and lib/ never import a feature." },
    schema: [
      {
        type: "object",
        properties: { srcRoot: { type: "string" }, alias: { type: "string" } },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        'Feature "{{from}}" must not import feature "{{to}}". Move what both need to web/src/components or web/src/lib (or @shared), or merge the features.',
      sharedImportsFeature:
        'web/src/{{from}} is shared code and must not import feature "{{to}}". Move the code it needs out of the feature.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const cwd = context.cwd;
    const srcRoot = path.resolve(cwd, options.srcRoot ?? "web/src");
    const alias = options.alias ?? "@/";
    const filename = path.resolve(cwd, context.filename);
    const from = partOf(filename, srcRoot);
    if (!from || from.kind === "app") return {};

    function check(node) {
      const source = node && node.type === "Literal" && typeof node.value === "string" ? node.value : null;
      if (source === null) return;
      let target;
      if (source.startsWith(alias)) target = path.join(srcRoot, source.slice(alias.length));
      else if (source.startsWith("./") || source.startsWith("../")) target = path.resolve(path.dirname(filename), source);
      else return;
      const to = partOf(target, srcRoot);
      if (!to || to.kind !== "feature") return;
      if (from.kind === "feature" && from.name !== to.name) {
        context.report({ node, messageId: "crossFeature", data: { from: from.name, to: to.name } });
      } else if (from.kind === "components" || from.kind === "lib") {
        context.report({ node, messageId: "sharedImportsFeature", data: { from: from.kind, to: to.name } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: "realm-codex-boundaries" }, rules: { "feature-boundaries": featureBoundaries } };

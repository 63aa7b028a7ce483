// Custom Elements Manifest analyzer config: `npm run manifest` writes custom-elements.json.
// Elements are registered by a helper call, not a class, so a plugin reads their JSDoc.

const TAG_LINE = /^@(tag|attr|fires|csspart|cssprop|slot)\s+(.*)$/;
const NAME_DESC = /^(\S+)(?:\s+-\s+(.*))?$/;

/** Splits `{type} name - description`, where the type may hold nested braces. */
function splitTag(rest) {
  let type;
  if (rest.startsWith('{')) {
    let depth = 0;
    let i = 0;
    for (; i < rest.length; i++) {
      if (rest[i] === '{') depth++;
      else if (rest[i] === '}' && --depth === 0) break;
    }
    type = rest.slice(1, i);
    rest = rest.slice(i + 1).trim();
  }
  const m = NAME_DESC.exec(rest);
  return m ? { type, name: m[1], description: m[2] ?? '' } : undefined;
}

/** Parses the JSDoc block above `export const X = defineElement(...)`. */
function parseDoc(text) {
  const lines = text
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim());
  const description = [];
  const tags = [];
  for (const line of lines) {
    if (line.startsWith('@')) {
      const m = TAG_LINE.exec(line);
      const parts = m && splitTag(m[2]);
      if (parts) tags.push({ kind: m[1], ...parts });
    } else if (tags.length === 0 && line) description.push(line);
  }
  return { description: description.join('\n'), tags };
}

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

function definePlugin() {
  return {
    name: 'cx-define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isVariableStatement(node)) return;
      const doc = node.jsDoc?.at(-1);
      if (!doc) return;
      const { description, tags } = parseDoc(doc.getText());
      const tag = tags.find((t) => t.kind === 'tag');
      if (!tag) return;
      const name = node.declarationList.declarations[0].name.getText();
      const of = (kind) => tags.filter((t) => t.kind === kind);
      const declaration = {
        kind: 'class',
        name,
        description,
        tagName: tag.name,
        customElement: true,
        attributes: of('attr').map((a) => ({
          name: a.name,
          type: { text: a.type },
          description: a.description,
          fieldName: a.name === 'lang' ? undefined : camel(a.name),
        })),
        members: of('attr')
          .filter((a) => a.name !== 'lang')
          .map((a) => ({ kind: 'field', name: camel(a.name), type: { text: a.type }, description: a.description, attribute: a.name })),
        events: of('fires').map((e) => ({ name: e.name, type: { text: e.type }, description: e.description })),
        cssParts: of('csspart').map((p) => ({ name: p.name, description: p.description })),
        cssProperties: of('cssprop').map((p) => ({ name: p.name, description: p.description })),
        slots: of('slot').map((s) => ({ name: s.name, description: s.description })),
      };
      moduleDoc.declarations = (moduleDoc.declarations ?? []).filter((d) => d.name !== name);
      moduleDoc.declarations.push(declaration);
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        { kind: 'custom-element-definition', name: tag.name, declaration: { name, module: moduleDoc.path } },
      ];
    },
  };
}

export default {
  globs: ['elements/cx-*.ts'],
  exclude: ['elements/cx-elements.ts'],
  outdir: '.',
  plugins: [definePlugin()],
};

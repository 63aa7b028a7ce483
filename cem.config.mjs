// Custom Elements Manifest analyzer config: `npm run manifest` writes custom-elements.json.
// Elements are registered by a helper call, not a class, so a plugin reads their JSDoc, and adds
// what defineElement gives every element (src/elements/define.ts): its members, the `error` and
// `sign-in` parts, the form members of a form control, and the page-wide `--cx-*` tokens (from
// the table of docs/theming.md). `configure()` is described as the autoloader's export.
import { readFileSync } from 'node:fs';

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

const field = (name, type, description) => ({ kind: 'field', name, type: { text: type }, readonly: true, description });
const method = (name, parameters, returns, description) => ({ kind: 'method', name, parameters, return: { type: { text: returns } }, description });

/** What defineElement adds to every element. */
const COMMON_MEMBERS = [
  field('updateComplete', 'Promise<boolean>', 'Resolves once the latest attributes and properties are on screen.'),
  field('attributeErrors', 'ReadonlyMap<string, string>', 'Attributes whose current value could not be used, with the reason (the element shows them in its `error` part).'),
];
/** What a form control (`form:` in its definition) adds, as a native control has them. */
const FORM_MEMBERS = [
  field('form', 'HTMLFormElement | null', 'The form the element belongs to.'),
  field('labels', 'NodeList | undefined', 'The `<label>`s of the element.'),
  field('validity', 'ValidityState | undefined', 'Its validity (`valueMissing` while `required` and unset, `customError` after `setCustomValidity`).'),
  field('validationMessage', 'string', 'Why it is invalid, in the message a form shows.'),
  field('willValidate', 'boolean', 'Whether the form validates it (not while disabled).'),
  method('checkValidity', [], 'boolean', 'True when valid; otherwise fires `invalid` on the element.'),
  method('reportValidity', [], 'boolean', 'As `checkValidity()`, and the browser shows the message at the element.'),
  method('setCustomValidity', [{ name: 'message', type: { text: 'string' } }], 'void', 'A non-empty message makes the element invalid with it; an empty one clears it.'),
];
const COMMON_PARTS = [{ name: 'error', description: 'The error state (with `base`): an attribute with a bad value, or a failure while rendering (`role="alert"`).' }];
const SIGN_IN_PART = { name: 'sign-in', description: 'The sign-in state (with `base`): a call was refused for want of a sign-in, outside the host portal.' };

/** The page-wide tokens: the first column of the token table of docs/theming.md (`--cx-chart-1` … `--cx-chart-12` is a range). */
function globalTokens() {
  const doc = readFileSync(new URL('./docs/theming.md', import.meta.url), 'utf8');
  const tokens = [];
  for (const row of doc.split('\n').filter((l) => /^\| `--cx-/.test(l))) {
    const [names, defaults, what] = row.split('|').slice(1, 4).map((c) => c.trim());
    const description = `Page-wide token: ${what}.`;
    const range = /`--cx-([a-z-]+)(\d+)` … `--cx-\1(\d+)`/.exec(names);
    const list = range
      ? Array.from({ length: Number(range[3]) - Number(range[2]) + 1 }, (_, i) => `--cx-${range[1]}${Number(range[2]) + i}`)
      : [...names.matchAll(/`(--cx-[a-z0-9-]+)`/g)].map((m) => m[1]);
    // One default per token where the row gives one each ("#b3261e, #8c1d18, #fdecea", or in brackets), else the row's.
    const each = (/\(([^)]*)\)/.exec(defaults)?.[1] ?? defaults).split(/,\s*/);
    list.forEach((name, i) => tokens.push({ name, description, default: list.length > 1 && each.length === list.length ? each[i] : defaults.replace(/\s*\(.*$/, '') }));
  }
  return tokens;
}
const TOKENS = globalTokens();

/** Is `form:` among the options of the defineElement call? */
function isFormControl(ts, node) {
  const call = node.declarationList.declarations[0].initializer;
  const options = call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
  return !!options && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name?.getText() === 'form');
}

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
        members: [
          ...of('attr')
            .filter((a) => a.name !== 'lang')
            .map((a) => ({ kind: 'field', name: camel(a.name), type: { text: a.type }, description: a.description, attribute: a.name })),
          ...COMMON_MEMBERS,
          ...(isFormControl(ts, node) ? FORM_MEMBERS : []),
        ],
        events: of('fires').map((e) => ({ name: e.name, type: { text: e.type }, description: e.description })),
        cssParts: [
          ...of('csspart').map((p) => ({ name: p.name, description: p.description })),
          ...COMMON_PARTS,
          ...(of('fires').some((e) => e.name === 'cx-auth-required') ? [SIGN_IN_PART] : []),
        ],
        cssProperties: [...of('cssprop').map((p) => ({ name: p.name, description: p.description })), ...TOKENS],
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

/** `configure()`, exported by the autoloader (and the package), which the analyzer does not read. */
function configurePlugin() {
  const path = 'elements/cx-elements.ts';
  return {
    name: 'cx-configure',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules.push({
        kind: 'javascript-module',
        path,
        description: 'The autoloader: imports the element of each cx-* tag on the page (and in shadow roots) when it appears.',
        declarations: [
          {
            kind: 'function',
            name: 'configure',
            description:
              'Page-wide defaults for every element: `apiBase` (the portal; default the origin that served the script), `locale` (default the page\'s `<html lang>`), and a sign-in: `token` (a portal access token) or `getToken` (asked when needed, again before expiry and after a 401; it may return a signed embed request). An element\'s own `api-base` and `lang` win. Elements waiting for a sign-in load again when a token arrives.',
            parameters: [{ name: 'options', type: { text: '{ apiBase?: string; locale?: string; token?: string; getToken?: () => Promise<string | undefined> | string | undefined }' } }],
            return: { type: { text: 'Promise<void>' } },
          },
        ],
        exports: [{ kind: 'js', name: 'configure', declaration: { name: 'configure', module: path } }],
      });
    },
  };
}

export default {
  globs: ['elements/cx-*.ts'],
  exclude: ['elements/cx-elements.ts'],
  outdir: '.',
  plugins: [definePlugin(), configurePlugin()],
};

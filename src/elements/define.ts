import type { ComponentType } from 'react';
import r2wc from '@r2wc/core';
import { checkProperty, parseAttribute, toKebab, type AttributeSpec, type ParseResult } from './attributes';
import { adoptStyles } from './styles';
import { removeEntry, renderEntry, rendered } from './shared-root';
import type { AttributeError } from './element-boundary';

export type { AttributeSpec } from './attributes';

export interface ElementDefinition<P> {
  tag: `cx-${string}`;
  component: ComponentType<P>;
  /** Attributes beyond `lang` and `api-base`, which every element has. */
  attributes: AttributeSpec[];
  /** CSS adopted into the shadow root. */
  styles: string;
}

/** Members every cx-* element adds to HTMLElement. */
export interface CxElement extends HTMLElement {
  /** Resolves once the element's latest attributes and properties are on screen. */
  readonly updateComplete: Promise<boolean>;
  /** Attributes whose current value could not be used, with the reason. */
  readonly attributeErrors: ReadonlyMap<string, string>;
}

const COMMON: AttributeSpec[] = [
  { prop: 'lang', type: 'string' },
  { prop: 'apiBase', type: 'string' },
];

// r2wc keeps its props and render trigger under these registry symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const OBSERVE = Symbol.for('cx.observeRoot');
/** How a component records the user's choice as the element's own property (see `useElement().commit`). */
export const COMMIT = Symbol.for('cx.commit');

type R2wcInternals = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER]: () => void;
  container: ShadowRoot;
};

/**
 * Registers a React component as the custom element `tag` (open shadow DOM), or returns the
 * element already registered under that name, so loading the bundle twice never throws.
 */
export function defineElement<P>(def: ElementDefinition<P>): CustomElementConstructor {
  const existing = customElements.get(def.tag);
  if (existing) return existing;

  const specs = [...COMMON, ...def.attributes];
  const byAttribute = new Map(specs.map((s) => [toKebab(s.prop), s]));
  const component = def.component as ComponentType<Record<string, unknown>>;

  const Base = r2wc(component, { shadow: 'open', props: [] }, {
    mount(container) {
      const root = container as unknown as ShadowRoot;
      adoptStyles(root, def.tag, def.styles);
      // Let the autoloader, when present, load cx-* tags this element renders.
      (globalThis as { [OBSERVE]?: (r: ShadowRoot) => void })[OBSERVE]?.(root);
      return { root, key: renderEntry(root, entryFor(root)) };
    },
    update(context) {
      renderEntry(context.root, entryFor(context.root));
    },
    unmount(context) {
      removeEntry(context.key);
    },
  }) as unknown as new () => R2wcInternals;

  function entryFor(root: ShadowRoot) {
    const el = root.host as Element & R2wcInternals & { attributeErrors: Map<string, string> };
    const { container: _container, ...props } = el[PROPS];
    const errors: AttributeError[] = [...el.attributeErrors].map(([attribute, reason]) => ({ attribute, reason }));
    return { tag: def.tag, Component: component, props, errors };
  }

  class Element extends Base implements CxElement {
    static get observedAttributes() {
      return [...byAttribute.keys()];
    }

    readonly attributeErrors = new Map<string, string>();

    constructor() {
      super();
      // A property set before the element was defined sits on the instance; route it through the setter.
      for (const spec of def.attributes) {
        if (Object.prototype.hasOwnProperty.call(this, spec.prop)) {
          const value = (this as unknown as Record<string, unknown>)[spec.prop];
          delete (this as unknown as Record<string, unknown>)[spec.prop];
          (this as unknown as Record<string, unknown>)[spec.prop] = value;
        }
      }
    }

    attributeChangedCallback(name: string, _old: string | null, raw: string | null) {
      const spec = byAttribute.get(name);
      if (!spec) return;
      this.apply(spec, name, parseAttribute(spec, raw), raw);
    }

    /**
     * The user changed what the element shows: the property takes the new value (no event, no
     * attribute), so `value` always reflects the screen, a framework setting it again re-renders,
     * and a re-attached element shows the user's choice.
     */
    [COMMIT](prop: string, value: unknown) {
      this[PROPS][prop] = value;
      const attribute = toKebab(prop);
      this.attributeErrors.delete(attribute);
      if (this.isConnected) this[RENDER]();
    }

    get updateComplete(): Promise<boolean> {
      return rendered().then(() => true);
    }

    /** Stores a parsed value, or records why it was refused (shown in the element, logged once). */
    apply(spec: AttributeSpec, attribute: string, result: ParseResult, raw: unknown) {
      if (result.ok) {
        this[PROPS][spec.prop] = result.value;
        this.attributeErrors.delete(attribute);
      } else {
        delete this[PROPS][spec.prop];
        this.attributeErrors.set(attribute, result.reason);
        console.error(`<${def.tag}>: attribute "${attribute}" has an invalid value ${JSON.stringify(raw)}: ${result.reason}.`);
      }
      // r2wc would mount on an attribute set before the element is in a document; wait for connect.
      if (this.isConnected) this[RENDER]();
    }
  }

  // Typed properties for every attribute except `lang`, which HTMLElement already owns.
  for (const spec of specs) {
    if (spec.prop === 'lang') continue;
    const attribute = toKebab(spec.prop);
    Object.defineProperty(Element.prototype, spec.prop, {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        return this[PROPS][spec.prop];
      },
      set(this: Element, value: unknown) {
        this.apply(spec, attribute, checkProperty(spec, value), value);
      },
    });
  }

  customElements.define(def.tag, Element);
  return Element;
}

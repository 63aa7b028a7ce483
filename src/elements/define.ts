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
  /**
   * A form control: the element joins its form (ElementInternals) with the value of this
   * property, and gains `name`, `required` and `disabled` and the members of a native control
   * (`form`, `labels`, `validity`, `validationMessage`, `willValidate`, `checkValidity()`,
   * `reportValidity()`, `setCustomValidity()`); a form reset puts back the value of the `value`
   * attribute, and `required` without a value makes the form invalid.
   */
  form?: { value: string; missing: string };
}

/** Members every cx-* element adds to HTMLElement. */
export interface CxElement extends HTMLElement {
  /** Resolves once the element's latest attributes and properties are on screen. */
  readonly updateComplete: Promise<boolean>;
  /** Attributes whose current value could not be used, with the reason. */
  readonly attributeErrors: ReadonlyMap<string, string>;
}

/** Members a form-associated element (`form:` in its definition) adds, as a native control has them. */
export interface CxFormElement extends CxElement {
  name: string | undefined;
  required: boolean;
  disabled: boolean;
  readonly form: HTMLFormElement | null;
  readonly labels: NodeList | undefined;
  readonly validity: ValidityState | undefined;
  readonly validationMessage: string;
  readonly willValidate: boolean;
  checkValidity(): boolean;
  reportValidity(): boolean;
  setCustomValidity(message: string): void;
}

const COMMON: AttributeSpec[] = [
  { prop: 'lang', type: 'string' },
  { prop: 'apiBase', type: 'string' },
];

/** What every form-associated element takes besides its value. */
const FORM: AttributeSpec[] = [
  { prop: 'name', type: 'string' },
  { prop: 'required', type: 'boolean' },
  { prop: 'disabled', type: 'boolean' },
];

/** Property names the DOM spells differently from their attribute (Angular binds `[readonly]` to `readOnly`). */
const DOM_ALIASES: Record<string, string> = { readonly: 'readOnly' };

// r2wc keeps its props and render trigger under these registry symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const OBSERVE = Symbol.for('cx.observeRoot');
/** A disabled fieldset or form around a form-associated element. */
const FORM_DISABLED = Symbol('cx.formDisabled');
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

  const own = [...def.attributes, ...(def.form ? FORM : [])];
  const specs = [...COMMON, ...own];
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
    if ((el as unknown as { [FORM_DISABLED]?: boolean })[FORM_DISABLED]) props.disabled = true;
    const errors: AttributeError[] = [...el.attributeErrors].map(([attribute, reason]) => ({ attribute, reason }));
    return { tag: def.tag, Component: component, props, errors };
  }

  class Element extends Base implements CxElement {
    static get observedAttributes() {
      return [...byAttribute.keys()];
    }

    static formAssociated = !!def.form;

    readonly attributeErrors = new Map<string, string>();
    readonly #internals?: ElementInternals;
    /** The message of `setCustomValidity()`: while not empty, the control is invalid. */
    #customError = '';
    /** Set by the form (a disabled fieldset); the element's own `disabled` counts too. */
    [FORM_DISABLED] = false;

    constructor() {
      super();
      if (def.form) this.#internals = this.attachInternals();
      // A property set before the element was defined sits on the instance; route it through the setter.
      // (Its DOM spelling too: Angular binds `[readonly]` to `readOnly` before the tag loads.)
      for (const name of own.flatMap((spec) => [spec.prop, DOM_ALIASES[spec.prop]]).filter(Boolean)) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
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
      this.#syncForm();
      if (this.isConnected) this[RENDER]();
    }

    /** Focus goes to the first focusable control inside (a click on the host, `el.focus()`, a label). */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return super.attachShadow({ ...init, delegatesFocus: true });
    }

    /** The form's view of the element: its value, and whether a required one is missing. */
    #syncForm() {
      if (!def.form || !this.#internals) return;
      const props = this[PROPS];
      const value = props[def.form.value];
      const empty = value === undefined || value === null || value === '' || value === 0;
      this.#internals.setFormValue(empty ? null : String(value));
      const valueMissing = !!props.required && empty && !props.disabled;
      const customError = this.#customError !== '';
      if (valueMissing || customError) this.#internals.setValidity({ valueMissing, customError }, this.#customError || def.form.missing);
      else this.#internals.setValidity({});
    }

    get form() {
      return this.#internals?.form ?? null;
    }

    get labels() {
      return this.#internals?.labels;
    }

    get validity() {
      return this.#internals?.validity;
    }

    get validationMessage() {
      return this.#internals?.validationMessage ?? '';
    }

    get willValidate() {
      return this.#internals?.willValidate ?? false;
    }

    checkValidity() {
      return this.#internals?.checkValidity() ?? true;
    }

    /** As a native control: false and the browser's message at the element while invalid. */
    reportValidity() {
      return this.#internals?.reportValidity() ?? true;
    }

    /** As a native control: a non-empty message makes the element invalid with it (`customError`), '' clears it. */
    setCustomValidity(message: string) {
      this.#customError = String(message ?? '');
      this.#syncForm();
    }

    formResetCallback() {
      const spec = byAttribute.get('value');
      if (!def.form || !spec) return;
      const result = parseAttribute(spec, this.getAttribute('value'));
      this.apply(spec, 'value', result, this.getAttribute('value'));
    }

    formDisabledCallback(disabled: boolean) {
      this[FORM_DISABLED] = disabled;
      this.#syncForm();
      if (this.isConnected) this[RENDER]();
    }

    formStateRestoreCallback(state: string | null) {
      const spec = def.form && byAttribute.get(toKebab(def.form.value));
      if (spec) this.apply(spec, toKebab(spec.prop), parseAttribute(spec, state), state);
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
      this.#syncForm();
      // r2wc would mount on an attribute set before the element is in a document; wait for connect.
      if (this.isConnected) this[RENDER]();
    }
  }

  // Typed properties for every attribute except `lang`, which HTMLElement already owns.
  for (const spec of specs) {
    if (spec.prop === 'lang') continue;
    const attribute = toKebab(spec.prop);
    const accessor = {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        const value = this[PROPS][spec.prop];
        // A boolean reads false when absent, as a native boolean property does.
        return spec.type === 'boolean' ? !!value : value;
      },
      set(this: Element, value: unknown) {
        const result = checkProperty(spec, value);
        this.apply(spec, attribute, result, value);
        if (result.ok) reflect(this, spec, attribute, result.value);
      },
    };
    Object.defineProperty(Element.prototype, spec.prop, accessor);
    if (DOM_ALIASES[spec.prop]) Object.defineProperty(Element.prototype, DOM_ALIASES[spec.prop], accessor);
  }

  customElements.define(def.tag, Element);
  return Element;
}

/**
 * Booleans and enumerations set as properties are written back to their attribute, as Shoelace's
 * are (so `:host([readonly])` styles and page selectors see them); strings, numbers and JSON are
 * not, as a native `value` is not. The attribute's own change then parses to the same value.
 */
function reflect(el: HTMLElement, spec: AttributeSpec, attribute: string, value: unknown) {
  if (spec.type === 'boolean') {
    const current = parseAttribute(spec, el.getAttribute(attribute));
    if (current.ok && current.value === value) return;
    if (value) el.setAttribute(attribute, '');
    else el.removeAttribute(attribute);
  } else if (Array.isArray(spec.type)) {
    if (value === undefined) el.removeAttribute(attribute);
    else if (el.getAttribute(attribute) !== value) el.setAttribute(attribute, String(value));
  }
}

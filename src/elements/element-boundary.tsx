import { Component, type ReactNode } from 'react';
import { translator } from './texts';

export interface AttributeError {
  attribute: string;
  reason: string;
}

/** The visible, translated error state shown inside an element instead of its content. */
export function ErrorState({ lang, errors }: { lang?: string; errors: AttributeError[] }) {
  const t = translator(lang);
  return (
    <div part="base error" className="cx-error" role="alert">
      <strong>{t('element.error.title')}</strong>
      {errors.length === 0 ? (
        <p>{t('element.error.render')}</p>
      ) : (
        errors.map((e) => <p key={e.attribute}>{t('element.error.attribute', { attribute: e.attribute, reason: e.reason })}</p>)
      )}
    </div>
  );
}

interface Props {
  tag: string;
  lang?: string;
  children: ReactNode;
}

/** One boundary per element: a throw while rendering one element never reaches its neighbours. */
export class ElementBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`<${this.props.tag}>: render failed:`, error);
  }

  override render() {
    return this.state.failed ? <ErrorState lang={this.props.lang} errors={[]} /> : this.props.children;
  }
}

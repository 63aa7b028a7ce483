import { useId, useState, type KeyboardEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { addTexts } from '../../elements/texts';
import texts from './texts.json';
import { numberFormat } from '../../lib/intl';
import { DEFAULT_STARS, clampRating, ratingBand, ratingForKey, roundRating, starFills } from '../../lib/rating';

export interface StarRatingProps {
  value?: number;
  max?: number;
  readonly?: boolean;
  banded?: boolean;
  showValue?: boolean;
  label?: string;
  disabled?: boolean;
}

// Its own texts: the rating alone on a page needs no translation engine (src/elements/texts.ts).
addTexts(texts);

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** One star filled to `fill` (0 to 1); its clip's id is unique, so many ratings can share a page or a shadow root. */
export function Star({ fill }: { fill: number }) {
  const clip = `cx-star-clip-${useId().replace(/:/g, '')}`;
  return (
    <svg part="star" className="star" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <rect width={24 * fill} height="24" />
      </clipPath>
      <path className="empty" d={STAR} />
      {fill > 0 && <path className="full" d={STAR} clipPath={`url(#${clip})`} />}
    </svg>
  );
}

/** Stars with quarter fills; interactive unless read-only (slider semantics, arrows, Home, End). */
export function StarRating({ value = 0, max = DEFAULT_STARS, readonly, banded, showValue, label, disabled }: StarRatingProps) {
  const { t, lang, emit, commit } = useElement();
  const stars = Math.max(1, Math.round(max));
  // The element's `value` is the truth: the user's choice is committed to it (controlled). The
  // local copy shows the choice within the same keystroke, before the element renders again.
  const [current, setCurrent] = useState(() => clampRating(value, stars));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setCurrent(clampRating(value, stars));
  }
  const [hover, setHover] = useState<number | null>(null);

  const shown = roundRating(current);
  const name = label ?? t('rating.label');
  const valueText = t('rating.valueText', { value: shown, max: stars });
  const band = banded ? ratingBand(shown) : undefined;

  const locked = readonly || disabled;
  const choose = (next: number) => {
    if (locked || next === current) return;
    setCurrent(next);
    commit('value', next);
    emit('change', { value: next });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = ratingForKey(event.key, current, stars);
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  const fills = starFills(hover ?? current, stars);
  const starsView = fills.map((fill, i) => (
    <span
      key={i}
      className="slot"
      onClick={locked ? undefined : () => choose(i + 1)}
      onMouseEnter={locked ? undefined : () => setHover(i + 1)}
    >
      <Star fill={fill} />
    </span>
  ));

  return (
    <div part="base" className="base" data-band={band} data-readonly={readonly ? '' : undefined} data-disabled={disabled ? '' : undefined}>
      {readonly ? (
        <span role="img" className="stars" aria-label={t('rating.readonlyLabel', { label: name, value: shown, max: stars })}>
          {starsView}
        </span>
      ) : (
        <span
          role="slider"
          className="stars"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled || undefined}
          aria-label={name}
          aria-valuemin={0}
          aria-valuemax={stars}
          aria-valuenow={shown}
          aria-valuetext={valueText}
          onKeyDown={onKeyDown}
          onMouseLeave={() => setHover(null)}
        >
          {starsView}
        </span>
      )}
      {showValue && (
        <span part="value" className="value" aria-hidden="true">
          {numberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(shown)}
        </span>
      )}
    </div>
  );
}

import type { TFunction } from 'i18next';
import { useElement } from '../element-context';
import type { RowHighlights } from '../../api/text';
import { segmentsOf, toneOf, type Mark } from './segments';

/** A reason in the reader's words: `negative word "delayed"`, `negative phrase "not good"`, `topic term "refund" (Returns)`. */
function reasonOf(t: TFunction, m: Mark): string {
  if (m.kind === 'topic') return t('highlights.topicTerm', { word: m.word, topic: m.topic });
  return t(`highlights.${m.kind}${/\s/.test(m.word.trim()) ? 'Phrase' : 'Word'}`, { word: m.word });
}

/**
 * A verbatim with the words that made its sentiment tinted (positive, negative: theme tokens) and
 * the terms that made a topic underlined. Each marked word takes the focus and carries its reason
 * as text: hidden until the word is hovered or focused, where it shows as a tooltip, and read by
 * screen readers after the word. Without highlights (loading, failed, none) the text is plain.
 */
export function HighlightedText({ text, highlights }: { text: string; highlights?: RowHighlights }) {
  const { t } = useElement();
  return (
    <>
      {segmentsOf(text, highlights).map((s, i) => {
        if (!s.marks.length) return s.text;
        const tone = toneOf(s.marks);
        const topic = s.marks.some((m) => m.kind === 'topic');
        const className = ['cx-hl', tone && `cx-hl-${tone}`, topic && 'cx-hl-topic'].filter(Boolean).join(' ');
        return (
          // A marked word is a stop for the keyboard, so its reason is there for keyboard users too;
          // it handles nothing itself: a click still opens the row or card it is in.
          <mark key={i} className={className} tabIndex={0}>
            {s.text}
            <span className="cx-hl-reason"> {s.marks.map((m) => reasonOf(t, m)).join('; ')}</span>
          </mark>
        );
      })}
    </>
  );
}

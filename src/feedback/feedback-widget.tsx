import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../elements/element-context';
import { $session } from '../stores/session';
import { isBadRequest } from '../api/client';
import { feedbackConfig, feedbackSuppression, optOutOfFeedback, saveFeedback, type FeedbackAnswers, type FeedbackConfig } from '../api/feedback';
import { Question } from './feedback-questions';

/** Spec part 2 section 9: shown only 1024 px wide or more; opens by itself after 10 s; thanks for 5 s. */
export const MIN_WIDTH = 1024;
export const AUTO_OPEN_MS = 10_000;
export const THANKS_MS = 5_000;
/** Closed by the user in this tab: it does not open by itself again until the tab is closed. */
const DISMISSED = 'cx.feedback.dismissed';

function useWideEnough(): boolean {
  const query = `(min-width: ${MIN_WIDTH}px)`;
  const [wide, setWide] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const change = () => setWide(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return wide;
}

const dismissedInTab = () => {
  try {
    return sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};

/**
 * The feedback widget (spec part 2): a launcher and a non-modal dialog that asks the configured
 * questions in order, posting each answer as it is given. Every call's failure is silent: the
 * widget never stands between the user and their work.
 */
export function FeedbackWidget() {
  const { t, api, lang } = useElement();
  const signedIn = useStore($session)?.id;
  const wide = useWideEnough();
  // The config with the user it was loaded for: another user's (after a sign-out) is never shown.
  const [loaded, setLoaded] = useState<{ user: string; config: FeedbackConfig } | null>(null);
  const config = loaded && loaded.user === signedIn ? loaded.config : null;
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const sessionId = useRef<string | null>(null);
  const posting = useRef<Promise<void>>(Promise.resolve());
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    feedbackConfig(api)
      .then((c) => live && !isBadRequest(c) && setLoaded({ user: signedIn, config: c }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn, lang, api]);

  const usable = !!config?.Enabled && config.Questions.length > 0 && wide;

  // Opens by itself after 10 s, unless the user opted out (any device) or closed it in this tab.
  useEffect(() => {
    if (!usable || dismissedInTab()) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    feedbackSuppression(api)
      .then((status) => {
        if (live && status === 0) timer = setTimeout(() => setOpen(true), AUTO_OPEN_MS);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [usable, api]);

  const reset = useCallback(() => {
    // Focus goes back to the launcher when it was in the panel (never taken from elsewhere on the page).
    returnFocus.current = !!panel.current?.matches(':focus-within');
    setOpen(false);
    setStep(0);
    sessionId.current = null;
  }, []);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      launcher.current?.focus();
    }
  }, [open]);

  const questions = config?.Questions ?? [];
  const done = step >= questions.length;

  // The thank-you shows for 5 s, then the widget starts again, closed.
  useEffect(() => {
    if (!open || !done) return;
    thanks.current?.focus();
    const timer = setTimeout(reset, THANKS_MS);
    return () => clearTimeout(timer);
  }, [open, done, reset]);

  if (!usable || !config) return null;

  const post = (answer: FeedbackAnswers, completed: boolean) => {
    // One after another, so every post after the first names the session the first one made.
    posting.current = posting.current
      .then(async () => {
        const id = await saveFeedback({ SessionId: sessionId.current, Data: answer, IsCompleted: completed, Page: location.pathname }, api);
        if (typeof id === 'string') sessionId.current = id;
      })
      .catch(() => undefined);
  };

  const answer = (a: FeedbackAnswers) => {
    post(a, step === questions.length - 1);
    setStep(step + 1);
    // The next question takes the focus, so keyboard users carry on where they are.
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('fieldset button, fieldset input, textarea')?.focus());
  };

  const close = () => {
    try {
      sessionStorage.setItem(DISMISSED, '1');
    } catch {
      // storage may be off: the widget may then open again on the next page load
    }
    reset();
  };

  const openByHand = () => {
    setOpen(true);
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('fieldset button, fieldset input, textarea')?.focus());
  };

  return (
    <>
      {/* Room at the end of the page it floats over: scrolled to the end, nothing (a list's
          "Previous page") stays under the launcher. In the flow, unlike the launcher. */}
      <div className="room" aria-hidden="true" />
      {!open && (
        <button ref={launcher} type="button" className="launcher" part="base launcher" onClick={openByHand}>
          {t('feedback.launcher')}
        </button>
      )}
      {open && (
        <section
          ref={panel}
          className="panel"
          part="base panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="feedback-title"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="head">
            <h2 id="feedback-title">{t('feedback.title')}</h2>
            <button type="button" className="icon" aria-label={t('feedback.close')} onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {done ? (
            <p ref={thanks} className="thanks" tabIndex={-1} role="status">
              {config.SubmitText}
            </p>
          ) : (
            <>
              <p className="progress">{t('feedback.progress', { step: step + 1, count: questions.length })}</p>
              <Question key={step} t={t} question={questions[step]} onAnswer={answer} />
              <button
                type="button"
                className="link opt-out"
                onClick={() => {
                  void optOutOfFeedback(api).catch(() => undefined);
                  reset();
                }}
              >
                {t('feedback.optOut')}
              </button>
            </>
          )}
        </section>
      )}
    </>
  );
}

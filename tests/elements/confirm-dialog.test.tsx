import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import { useState } from 'react';
import { useElement } from '../../src/elements/element-context';
import { defineElement } from '../../src/elements/define';
import { ConfirmDialog } from '../../src/elements/confirm-dialog';
import { shadow } from './helpers';

afterEach(() => fixtureCleanup());

/** A test-only element: a button asking the question; the answer is a cx-answer event, `error` shows as a refusal. */
function ConfirmHarness({ error }: { error?: string }) {
  const { emit } = useElement();
  const [open, setOpen] = useState(false);
  const answer = (yes: boolean) => {
    setOpen(false);
    emit('answer', { yes });
  };
  return (
    <>
      <button type="button" className="ask" onClick={() => setOpen(true)}>Delete</button>
      {open && (
        <ConfirmDialog title="Delete “Store NPS”?" confirmLabel="Delete it" cancelLabel="Keep it" busy={false} error={error} onConfirm={() => answer(true)} onCancel={() => answer(false)}>
          <p>It cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
defineElement({ tag: 'cx-test-confirm', component: ConfirmHarness, styles: '', attributes: [{ prop: 'error', type: 'string' }] });

async function ask(attributes = '') {
  const el = await fixture(`<cx-test-confirm ${attributes}></cx-test-confirm>`);
  const answers: boolean[] = [];
  el.addEventListener('cx-answer', (e) => answers.push((e as CustomEvent<{ yes: boolean }>).detail.yes));
  await expect.poll(() => shadow(el).querySelector('button.ask')).toBeTruthy();
  const opener = shadow(el).querySelector<HTMLButtonElement>('button.ask')!;
  opener.focus();
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => shadow(el).querySelector<HTMLDialogElement>('dialog')?.open).toBe(true);
  return { el, answers, opener, dialog: shadow(el).querySelector('dialog')! };
}

describe('ConfirmDialog', () => {
  it('should be named by its title, described by its text, with the safer answer focused', async () => {
    const { el, dialog } = await ask();
    expect(shadow(el).getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Delete “Store NPS”?');
    expect(shadow(el).getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('It cannot be undone.');
    expect(shadow(el).activeElement?.textContent).toBe('Keep it');
    await expect(el).to.be.accessible();
  });

  it('should cancel on Escape and give the focus back, and confirm by its button', async () => {
    const { el, answers, opener } = await ask();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => answers).toEqual([false]);
    expect(shadow(el).querySelector('dialog')).toBeNull();
    expect(shadow(el).activeElement).toBe(opener);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => shadow(el).querySelector('dialog')).toBeTruthy();
    [...shadow(el).querySelectorAll<HTMLButtonElement>('dialog button')].find((b) => b.textContent === 'Delete it')!.click();
    await expect.poll(() => answers).toEqual([false, true]);
  });

  it('should show a refusal as an alert', async () => {
    const { el } = await ask('error="The dashboard is in use."');
    expect(shadow(el).querySelector('dialog [role="alert"]')?.textContent).toBe('The dashboard is in use.');
  });
});

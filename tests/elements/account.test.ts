import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import { page } from 'vitest/browser';
import { configure } from '../../src/stores/config';
import { captureNavigation, settled, shadow, typeInto } from './helpers';
import '../../elements/cx-login';
import '../../elements/cx-status-page';
import '../../elements/cx-forgot-password';
import '../../elements/cx-reset-password';
import '../../elements/cx-change-password';
import '../../elements/cx-top-nav';
import '../../elements/cx-user-list';
import '../../elements/cx-user-detail';
import '../../elements/cx-star-rating';

// No server here: calls go to a closed port, so the elements show their unreachable states.
beforeAll(() => configure({ apiBase: 'http://127.0.0.1:9' }));
afterAll(() => configure({ apiBase: '' }));

const until = async (el: Element, check: () => unknown) => {
  await vi.waitFor(async () => {
    await settled(el);
    if (!check()) throw new Error('not yet');
  }, { timeout: 15_000 });
};
const button = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent?.includes(name))!;

describe('<cx-login>', () => {
  it('should be accessible', async () => {
    const el = await fixture(html`<cx-login banner="password-updated"></cx-login>`);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('[role="status"]')!.textContent).toBe('Your password has been updated successfully');
  });

  it('should ask for both fields before calling the server', async () => {
    const el = await fixture(html`<cx-login></cx-login>`);
    button(el, 'Sign in').click();
    await settled(el);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('Enter your user name and password.');
  });

  it('should show that the portal cannot be reached', async () => {
    const el = await fixture(html`<cx-login></cx-login>`);
    const input = (name: string, value: string) => typeInto(el, name, value);
    input('username', 'portaluser@demo.cx');
    input('password', 'x');
    await settled(el);
    button(el, 'Sign in').click();
    await until(el, () => shadow(el).querySelector('[role="alert"]'));
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('The portal cannot be reached. Try again in a moment.');
  });

  it('should ask the host to navigate with a cancelable cx-navigate', async () => {
    const el = await fixture(html`<cx-login></cx-login>`);
    const asked: string[] = [];
    el.addEventListener('cx-navigate', (e) => {
      e.preventDefault();
      asked.push((e as CustomEvent).detail.path);
    });
    shadow(el).querySelector<HTMLAnchorElement>('a')!.click();
    expect(asked).toEqual(['/forgotpassword']);
  });
});

describe('<cx-status-page>', () => {
  it('should be accessible and show the error code with a support path', async () => {
    const el = await fixture(html`<cx-status-page kind="error" error-code="ServerError" description="Down"></cx-status-page>`);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('h1')!.textContent).toBe('Something went wrong');
    expect(shadow(el).textContent).toContain('Error code: ServerError — Down');
  });

  it('should show Page Not Found by default', async () => {
    const el = await fixture(html`<cx-status-page></cx-status-page>`);
    expect(shadow(el).querySelector('h1')!.textContent).toBe('Page Not Found');
  });
});

describe('<cx-forgot-password>', () => {
  it('should be accessible and require a user name', async () => {
    const el = await fixture(html`<cx-forgot-password></cx-forgot-password>`);
    await expect(el).to.be.accessible();
    button(el, 'Send the link').click();
    await settled(el);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('Enter your user name.');
  });
});

describe('<cx-reset-password>', () => {
  it('should show an unreachable or invalid link as invalid, accessibly', async () => {
    const el = await fixture(html`<cx-reset-password token="nope"></cx-reset-password>`);
    await until(el, () => shadow(el).querySelector('[role="alert"]'));
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('This link is not valid or has expired.');
    await expect(el).to.be.accessible();
  });
});

describe('<cx-change-password>', () => {
  it('should be accessible and check that the passwords match', async () => {
    const el = await fixture(html`<cx-change-password></cx-change-password>`);
    await expect(el).to.be.accessible();
    const set = (name: string, value: string) => typeInto(el, name, value);
    set('oldPassword', 'Old-Pass-1');
    set('newPassword', 'New-Pass-1');
    set('confirmPassword', 'New-Pass-2');
    await settled(el);
    button(el, 'Change password').click();
    await settled(el);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('Passwords do not match. Please enter again.');
    expect(shadow(el).querySelector('input[name="confirmPassword"]')!.getAttribute('aria-invalid')).toBe('true');
    // Said once, not again under the field.
    expect(shadow(el).textContent!.split('Passwords do not match').length - 1).toBe(1);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-change-password compact> (the profile panel)', () => {
  it('should skip the update, sending nothing, while any of the three passwords is empty', async () => {
    const calls: string[] = [];
    const { setFetch } = await import('../../src/api/client');
    setFetch((input) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    const el = await fixture(html`<cx-change-password compact></cx-change-password>`);
    const set = (name: string, value: string) => typeInto(el, name, value);
    set('oldPassword', 'Old-Pass-1');
    set('newPassword', 'New-Pass-1');
    await settled(el);
    button(el, 'Change password').click();
    await settled(el);
    expect(calls.filter((c) => c.includes('changePassword'))).toEqual([]);
    expect(shadow(el).querySelector('[role="alert"]')).toBeNull();
    setFetch((input, init) => fetch(input, init));
  });
});

describe('<cx-top-nav>', () => {
  it('should be accessible when signed out', async () => {
    const el = await fixture(html`<cx-top-nav></cx-top-nav>`);
    await settled(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('nav')!.getAttribute('aria-label')).toBe('Main menu');
  });
});

describe('<cx-user-list> and <cx-user-detail>', () => {
  it('should show a load failure accessibly', async () => {
    const list = await fixture(html`<cx-user-list></cx-user-list>`);
    await until(list, () => shadow(list).querySelector('[role="alert"]'));
    expect(shadow(list).querySelector('[role="alert"]')!.textContent).toBe('The users could not be loaded.');
    await expect(list).to.be.accessible();
  });

  it('should offer an accessible empty registration form', async () => {
    const el = await fixture(html`<cx-user-detail></cx-user-detail>`);
    await until(el, () => shadow(el).querySelector('form'));
    expect(shadow(el).querySelector('h1')!.textContent).toBe('Create a user');
    await expect(el).to.be.accessible();
  });
});

describe('<cx-user-settings>', () => {
  it('should be accessible and apply a language at once, even when saving fails', async () => {
    await import('../../elements/cx-user-settings');
    const el = await fixture(html`<div><cx-user-settings></cx-user-settings><cx-star-rating value="2"></cx-star-rating></div>`);
    const settings = el.querySelector('cx-user-settings')!;
    await settled(settings);
    await expect(settings).to.be.accessible();
    const select = shadow(settings).querySelector('select')!;
    select.value = 'de';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(settings, () => shadow(settings).querySelector('[role="alert"]'));
    const rating = el.querySelector('cx-star-rating')!;
    await settled(rating);
    expect(shadow(rating).querySelector('[role="slider"]')!.getAttribute('aria-label')).toBe('Bewertung');
    configure({ locale: 'en' });
  });
});

describe('<cx-echo-login>', () => {
  it('should send a mobile-width browser to /echo-503', async () => {
    await import('../../elements/cx-echo-login');
    await page.viewport(400, 700);
    const nav = captureNavigation();
    const el = await fixture(html`<cx-echo-login></cx-echo-login>`);
    await until(el, () => nav.asked.length);
    nav.stop();
    expect(nav.asked).toEqual(['/echo-503']);
  });

  it('should be accessible and say when no code could be made', async () => {
    await page.viewport(1200, 800);
    const el = await fixture(html`<cx-echo-login></cx-echo-login>`);
    await until(el, () => shadow(el).querySelector('[role="alert"]'));
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('A code could not be made. Try again in a moment.');
    await expect(el).to.be.accessible();
  });
});

describe('<cx-app-registrations>', () => {
  it('should be accessible and say when the devices could not be loaded', async () => {
    await import('../../elements/cx-app-registrations');
    const el = await fixture(html`<cx-app-registrations></cx-app-registrations>`);
    await until(el, () => shadow(el).querySelector('[role="alert"]'));
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('Your devices could not be loaded.');
    await expect(el).to.be.accessible();
  });
});

describe('<cx-group-list> and <cx-group-detail>', () => {
  it('should be accessible in their unreachable and empty states', async () => {
    await import('../../elements/cx-group-list');
    await import('../../elements/cx-group-detail');
    const list = await fixture(html`<cx-group-list></cx-group-list>`);
    await until(list, () => shadow(list).querySelector('[role="alert"]'));
    expect(shadow(list).querySelector('[role="alert"]')!.textContent).toBe('The groups could not be loaded.');
    await expect(list).to.be.accessible();
    const detail = await fixture(html`<cx-group-detail></cx-group-detail>`);
    await settled(detail);
    expect(shadow(detail).querySelector('h1')!.textContent).toBe('Create a group');
    await expect(detail).to.be.accessible();
  });
});

describe('<cx-toasts>', () => {
  it('should show toasts, close them, and keep prompts until used', async () => {
    await import('../../elements/cx-toasts');
    const { showToast, $toasts } = await import('../../src/stores/toasts');
    const el = await fixture(html`<cx-toasts></cx-toasts>`);
    const run = vi.fn();
    showToast({ kind: 'info', text: 'Saved.' });
    showToast({ kind: 'error', text: 'Failed.' });
    showToast({ kind: 'info', text: 'New version.', action: { label: 'Refresh', run } });
    await settled(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('[aria-live="assertive"]')!.textContent).toContain('Failed.');
    button(el, 'Refresh').click();
    expect(run).toHaveBeenCalledOnce();
    shadow(el).querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    await settled(el);
    expect($toasts.get().map((t) => t.text)).toEqual(['Failed.', 'New version.']);
    $toasts.set([]);
  });
});

describe('<cx-sso>', () => {
  it('should be accessible and send a confirm without an assertion to the SSO error page', async () => {
    await import('../../elements/cx-sso');
    const nav = captureNavigation();
    const el = await fixture(html`<cx-sso mode="confirm"></cx-sso>`);
    await until(el, () => nav.asked.length);
    nav.stop();
    expect(nav.asked).toEqual(['/sso/error?error=The+identity+provider+did+not+send+a+sign-on+response.']);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-smart-filter-bar>', () => {
  it('should be accessible, say when filters cannot load, and need a module-id', async () => {
    await import('../../elements/cx-smart-filter-bar');
    const el = await fixture(html`<cx-smart-filter-bar module-id="responses" filter-scope="element-test"></cx-smart-filter-bar>`);
    await until(el, () => shadow(el).querySelector('[role="alert"]'));
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('The filters could not be loaded.');
    expect(shadow(el).querySelector('select')!.value).toBe('Last7Days');
    await expect(el).to.be.accessible();
    const bare = await fixture(html`<cx-smart-filter-bar></cx-smart-filter-bar>`);
    expect(shadow(bare).querySelector('[role="alert"]')!.textContent).toBe('This filter bar needs a module-id.');
  });
});

describe('navigation outside the host portal', () => {
  it('should neither take over the page nor fire a stray document event for a system navigation', async () => {
    const { navigate } = await import('../../src/stores/navigation');
    const seen: unknown[] = [];
    const listen = (e: Event) => seen.push((e as CustomEvent).detail);
    document.addEventListener('cx-navigate', listen);
    const before = location.href;
    navigate('/login', { system: true });
    document.removeEventListener('cx-navigate', listen);
    // The elements say what they need themselves (cx-auth-required on the element, tests/e2e/embed.spec.ts).
    expect(seen).toEqual([]);
    expect(location.href).toBe(before);
  });
});

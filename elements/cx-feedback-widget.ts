import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { FeedbackWidget } from '../src/feedback/feedback-widget';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/feedback/feedback-widget.css?inline';

/**
 * The feedback widget (spec part 2): a launcher and a panel that asks the signed-in user the
 * portal's configured questions (NPS 0-10 or stars 1-5, then drivers, then free text with an
 * optional callback request), posting each answer as it is given. Shown only when the config is
 * enabled and the window is at least 1024 px wide; it opens by itself after 10 s unless the user
 * opted out (for the configured days, on every device) or closed it in this tab. Escape closes it
 * and focus returns to the launcher. Its calls fail silently. The host portal mounts it as a
 * client plugin; any page can place it with one script tag.
 *
 * @tag cx-feedback-widget
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @csspart base - The launcher, or the open panel in its place.
 * @csspart launcher - The button that opens the panel.
 * @csspart panel - The open panel (a non-modal dialog).
 */
export const CxFeedbackWidget = defineElement({
  tag: 'cx-feedback-widget',
  component: FeedbackWidget,
  styles: forms + styles,
  attributes: [],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-feedback-widget': CxElement;
  }
}

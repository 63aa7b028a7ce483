// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Outbound webhooks for administrators (/admin/webhooks): the HTTPS endpoints the portal tells of events (case opened, assigned, overdue or closed; response received; alert fired), each with its events, message format (JSON, Slack or Teams) and last delivery. Add, edit, switch off and delete; rotate the signing secret (shown once, with a copy button); send a test event and see the receiver's answer; and each endpoint's delivery log (time, event, attempt, status, answer). */
export interface CxWebhooksAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Other Devices: registers a device (the mobile assistant, a tablet, a kiosk) with the one-time code it shows and a scope label, lists the registrations, re-scopes and deletes them. Only for users whose detail says canManageAppRegistrations. */
export interface CxAppRegistrationsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

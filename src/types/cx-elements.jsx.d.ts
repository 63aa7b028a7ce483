// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
import type { HTMLAttributes, RefAttributes } from 'react';

/** The data viewer's analytics pivot: measures by row and column dimensions (add, remove; a dimension is used once; removing the last measure resets), rows that expand and collapse and keep their state when sorted, row and column totals that can be switched off, and a double click on a cell that opens the records of that cell in a new tab. Computed by the server in one query. */
export interface CxAnalyticsViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the pivot follows. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Other Devices: registers a device (the mobile assistant, a tablet, a kiosk) with the one-time code it shows and a scope label, lists the registrations, re-scopes and deletes them. Only for users whose detail says canManageAppRegistrations. */
export interface CxAppRegistrationsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The data viewer's cards: the record count comes first; above the profile's card limit (cardLimit.min, else 5000) a too-many-cards state offers to raise it to cardLimit.max; otherwise a card per record from the profile's templates, facets with counts to narrow them, and a sort/zoom slider over buckets of ceil(count/100) cards (11 visible at first). */
export interface CxCardViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the cards follow. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Changes the signed-in user's password: current, new and confirmed password, with the spec's success and failure texts and per-field server errors. */
export interface CxChangePasswordAttributes {
  /** A smaller heading, for the profile panel. */
  'compact'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** A dashboard: breadcrumb, smart filter bar, named layouts and a grid of visual tiles (at most 12 columns; 8 below 1200 px, 4 at 768 px or less). A loader shows until every tile has drawn. Clicking a chart element selects it: the selection becomes a secondary filter and every tile redraws with it. Filters and selections are cached per `filter-scope`. With `editor`, tiles can be moved (drag the handle, or arrow keys on it), the layout saved to a file, and a floating property editor shows each visual's settings and a JSON view of the changes. */
export interface CxDashboardAttributes {
  /** The dashboard (e.g. "overview"). */
  'dashboard-id'?: string;
  /** The named layout to start with. Default "Default". */
  'layout'?: string;
  /** Shares the filters with other elements. Default "dashboard:{dashboard-id}". */
  'filter-scope'?: string;
  /** Edit mode (the portal sets it when the address has `?editor`). */
  'editor'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The data page: links to its modes (records grid, analytics pivot, cards; the record and card links as the data source allows), the smart filter bar, favourites, the chosen mode and an "Export to Excel" button when the profile has an export. It loads in the spec's order: the profile (query, else path, else the first), its schema, filters reset, then the hand-off, the favourite or the profile's default filters, then the data; answers of an older load are dropped. On a mobile width the non-records modes go to /echo-503. */
export interface CxDataViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The menu profile of the address, for the mode links. Default "insights". */
  'profile-id'?: string;
  /** The viewer profile named by the path. */
  'profile-name'?: string;
  /** The viewer profile named by the query; wins over the path's. */
  'profile'?: string;
  /** The mode: RecordsViewer (default), AnalyticsViewer or CardViewer. */
  'type'?: string;
  /** A favourite of one's own to open (the page's `f`); updates its last access. */
  'favourite'?: string;
  /** A shared favourite to open (the page's `s`). */
  'shared'?: string;
  /** Take the analytics cell hand-off (the page's `handoff`). */
  'hand-off'?: boolean;
  /** A record to open on (the path's trailing Id; the details link leads here). */
  'record-id'?: string;
  /** Shares the filters with other elements. Default "content:{module-id}". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The demo card wall: a 960 by 540 view of 3 by 2 cards, the NPS gauge (-1 to 1, month to date) in the first and feedback cards of the month in the others: store, how long ago, the comment, the spend, the NPS label and the four drivers with their icons. One card changes every 5 s; clicking a card (or Enter on it) changes it at once. */
export interface CxDemoWallAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The visual that gives the gauge value. Default "nps". */
  'gauge'?: string;
  /** The visual that gives the comments (with Store, ResponseDate, Spend, NPSGroup and the Driver_ fields). Default "comments". */
  'comments'?: string;
  /** The module's date field, for the month to date. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The one-time QR code that signs the user in to the mobile assistant: the code with a countdown ticking every second, replaced when 20 seconds or less remain. Mobile browsers are sent to /echo-503. */
export interface CxEchoLoginAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Favourites of a data view: the five most recently used and the rest by title; add the current filters of a `filter-scope` under a title (the server answers NoIssue, SameTitle or SamePayload, which asks before saving), select one to restore its filters, share its link ('copied' for 3 s) or remove it after a confirmation. When the service is unavailable it says so. */
export interface CxFavouritesAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The filters saved and restored. Default "default". */
  'filter-scope'?: string;
  /** The viewer mode saved in the view state. Default "RecordsViewer". */
  'view-mode'?: string;
  /** The date field of the module. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Asks for a password reset link by user name; the answer is the same whether or not the account exists. */
export interface CxForgotPasswordAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Creates a user group, or edits one: name, description and members; delete with confirm. */
export interface CxGroupDetailAttributes {
  /** The group to edit; without it the element creates a group. */
  'group-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The user groups for administrators, with member counts, links to each group and to add one. */
export interface CxGroupListAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Sign-in with user name and password, remember me, single sign-on when the settings enable it, and a link to the forgotten-password form. After sign-in it shows a please-wait state and goes where the after-login order says (saved target, change password, the role's default route, /home). */
export interface CxLoginAttributes {
  /** Shows the banner after a password update or creation. */
  'banner'?: string;
  /** Shows a single sign-on error. */
  'sso-error'?: string;
  /** The lite-host variant (/signin). */
  'lite'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Net Promoter Score gauge of the demo wall: a half dial from -1 to 1, coloured grey at zero, red below and green above, with the value (format 0.0%) and the response count. */
export interface CxNpsGaugeAttributes {
  /** NPS as a fraction from -1 to 1. Default 0. */
  'value'?: number | string;
  /** Number of responses behind the score; hidden when absent. */
  'responses'?: number | string;
  /** Caption. Default "NPS, MONTH TO DATE" (translated). */
  'label'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Base URL of the API; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** A case-management queue (spec part 3, queue home): the queue tabs with their counts (120 px each, the rest under More), the smart filter bar, the cases as summary cards with paging or as a grid (a row opens its case), and the empty state of the queue's tag with a link to where the work is. Without `queue-name` the last queue used opens; an unknown queue goes to /404. */
export interface CxQueueAttributes {
  /** The process-flow module. Default "cases". */
  'module-id'?: string;
  /** The content profile of the links. Default "cases". */
  'profile-id'?: string;
  /** The queue (New, Working, Closed, All). */
  'queue-name'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** One case (spec part 3, record detail): header, the customer's comment, details and drivers (long texts collapse), tags, the actions the server permits (change status, assign, contact the customer: a comment with @mentions, templates, the form rules) and the history. Opening it marks it read; after an action the case, its history and its actions are brought up to date. */
export interface CxRecordDetailAttributes {
  /** The process-flow module. Default "cases". */
  'module-id'?: string;
  /** The case's response id. */
  'source-object-id'?: string;
  /** The content profile of the way back. Default "cases". */
  'profile-id'?: string;
  /** Preselects an action group by name. */
  'action'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The data viewer's records grid: every record of the module for the filters of a `filter-scope`, scrolled through a virtual list that asks the server for blocks of 100 rows (2 kept, 2 requests at a time); sort by a column header (the profile's default order first); a click or Enter expands a row to full height; a double click or Shift+Enter opens its details in a new window. */
export interface CxRecordsViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the grid follows. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Sets a password from a reset link (/resetPassword/{token}) or an invitation (/userCreation/{token}): greets the user by first name, checks the match and the password rule, and shows an invalid or expired link as invalid. */
export interface CxResetPasswordAttributes {
  /** The token from the link. */
  'token'?: string;
  /** A reset link or an invitation. Default reset. */
  'mode'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The smart filter bar of a smart-data module: search (500 ms after typing, restricted words refused), the date filter with every choice of the spec (Last 7 Days by default), multi-select value filters with counts, the current-filters badge with clear, and the last recorded date. Tiles with the same `filter-scope` anywhere on the page follow its filters. */
export interface CxSmartFilterBarAttributes {
  /** The smart-data module to filter. */
  'module-id'?: string;
  /** Links the bar to tiles with the same scope. Default "default". */
  'filter-scope'?: string;
  /** Smart-data tags choosing the value filters, comma-separated (e.g. "Core"). */
  'tags'?: string;
  /** The date field of the module. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Single sign-on: `start` sends the browser to the identity provider (by redirect, or by a posted form when the settings say so); `confirm` exchanges the provider's assertion for a session and goes on like a password sign-in. Failures go to /sso/error with the reason. */
export interface CxSsoAttributes {
  /** Which step. Default start. */
  'mode'?: string;
  /** The identity provider's signed assertion (confirm). */
  'assertion'?: string;
  /** The portal path to return to (confirm). */
  'relay-state'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** A star rating: shows a value with quarter-star fills and, unless read-only, lets the user choose a whole number of stars with the mouse or the keyboard (arrows, Home, End). */
export interface CxStarRatingAttributes {
  /** The rating, from 0 to `max`; fractions fill stars in quarter steps. Default 0. */
  'value'?: number | string;
  /** Number of stars. Default 5. */
  'max'?: number | string;
  /** Shows the rating without letting the user change it. */
  'readonly'?: boolean;
  /** Colours the stars by the star chart bands: red below 3, grey 3 to 4, green above 4. */
  'banded'?: boolean;
  /** Shows the rating, rounded to one decimal, beside the stars. */
  'show-value'?: boolean;
  /** Accessible name. Default "Rating" (translated). */
  'label'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Base URL of the API; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The portal's status pages: error (with go home, go back and a support mail link carrying the error code), Page Not Found, unauthorised, not available on mobile, signed out, and SSO error. */
export interface CxStatusPageAttributes {
  /** Which page. Default not-found. */
  'kind'?: string;
  /** The error code (error page). */
  'error-code'?: string;
  /** The error's description, or the SSO error text. */
  'description'?: string;
  /** The server's reference for the error. */
  'reference'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The page's toasts, fixed bottom right: short notices that close after 5 seconds, and prompts with a button (such as the refresh prompt after a new portal version) that stay until used. */
export interface CxToastsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The portal's top navigation: menu items from the content profiles filtered by role, ordered by weight, the active item from the route, a More menu for what does not fit, and the header profile panel (user name, password, language, sign-out). */
export interface CxTopNavAttributes {
  /** The product name at the left. Default "CX Portal" (translated). */
  'brand'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** Creates a user, or shows and edits one: names, e-mail, a role picker and the claim picker of the role's data restriction, with the save rules (InvalidRole on Role, user_EmptyClaims, same-or-higher role read-only, per-field server errors, a blank key as a general error) and delete with confirm. */
export interface CxUserDetailAttributes {
  /** The user to show; without it the element creates a user. */
  'user-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The user list for administrators: search, sort by column, pages of 50, links to each user and to add one. */
export interface CxUserListAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** The user's settings: the language of the portal, applied at once to every element on the page and saved as the user's preference. */
export interface CxUserSettingsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

/** One dashboard visual as a tile of its own, for partner pages: any visual type of the library, chosen by name from the module's dashboards, drawn for the filters of its `filter-scope` (put a `cx-smart-filter-bar` with the same scope on the page). With click behaviour Filter, a click on a bar, slice or row selects it and the tiles of the scope reload with it. */
export interface CxVisualAttributes {
  /** The smart-data module (e.g. "responses"). */
  'module-id'?: string;
  /** The visual's name in the module's dashboards (e.g. "nps", "channel-share"). */
  'visual'?: string;
  /** Shares filters and selections with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Edit mode, as on a dashboard: an Edit action opens the property panel (its settings and a JSON view of the changes). The page's `?editor` query parameter asks for it too. For PortalAdmin and GlobalAdmin users only. */
  'editor'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}

declare global {
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'cx-analytics-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxAnalyticsViewerAttributes;
      'cx-app-registrations': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxAppRegistrationsAttributes;
      'cx-card-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxCardViewerAttributes;
      'cx-change-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxChangePasswordAttributes;
      'cx-dashboard': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDashboardAttributes;
      'cx-data-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDataViewerAttributes;
      'cx-demo-wall': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxDemoWallAttributes;
      'cx-echo-login': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxEchoLoginAttributes;
      'cx-favourites': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxFavouritesAttributes;
      'cx-forgot-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxForgotPasswordAttributes;
      'cx-group-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxGroupDetailAttributes;
      'cx-group-list': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxGroupListAttributes;
      'cx-login': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxLoginAttributes;
      'cx-nps-gauge': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxNpsGaugeAttributes;
      'cx-queue': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxQueueAttributes;
      'cx-record-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxRecordDetailAttributes;
      'cx-records-viewer': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxRecordsViewerAttributes;
      'cx-reset-password': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxResetPasswordAttributes;
      'cx-smart-filter-bar': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSmartFilterBarAttributes;
      'cx-sso': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxSsoAttributes;
      'cx-star-rating': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxStarRatingAttributes;
      'cx-status-page': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxStatusPageAttributes;
      'cx-toasts': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxToastsAttributes;
      'cx-top-nav': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxTopNavAttributes;
      'cx-user-detail': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserDetailAttributes;
      'cx-user-list': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserListAttributes;
      'cx-user-settings': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxUserSettingsAttributes;
      'cx-visual': HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement> & CxVisualAttributes;
    }
  }
}

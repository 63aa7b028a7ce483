/** The contract types of the /api calls, shared by the client and the server. */

/** Who the user is: the same fields in the token response and the stored session. */
export interface Profile {
  userName: string;
  firstName: string;
  lastName: string;
  createdOn: string;
  email: string;
  phoneNumber: string | null;
  company: string | null;
  id: string;
}

export interface TokenContent extends Profile {
  roles: string;
  portalRole: string;
  claims: string;
  changePasswordOnNextLogin: boolean;
  /** The session may only set up a second factor (the portal requires one of administrators). */
  secondFactorSetup?: boolean;
  /** The provider the user signed in with (single sign-on: no portal password), else null or absent. */
  ssoProvider?: string | null;
  access_token: string;
  /** Empty for the host portal: its refresh token is in an HttpOnly cookie. */
  refresh_token: string;
  /** Sent back in X-CSRF-Token with a refresh from the cookie. */
  csrf_token?: string;
  token_type: string;
  expires_in: number;
  '.expires': string;
}

export interface TokenResponse {
  isSuccess: boolean;
  message: string;
  content: TokenContent | null;
  /** The account has a second factor: sign in again with `otp` (the message says what was wrong). */
  secondFactor?: boolean;
}

/** The stored session of spec part 1 section 3. */
export interface Session extends Profile {
  role: string;
  portalRole: string;
  claims: string;
  claimsJSON: Array<{ Type: string; Value: string }>;
  expiryDate: string;
  tokenType: string;
  /** The access token: in memory only, never in web storage. */
  token: string;
  /** Empty in the host portal (the refresh token is in an HttpOnly cookie). */
  refreshToken: string;
  /** The session's CSRF token, sent with a refresh from the cookie. */
  csrfToken?: string;
  changePasswordOnNextLogin: boolean;
  /** The session may only set up a second factor: the guard keeps it on the settings page. */
  secondFactorSetup?: boolean;
  /** Signed in through single sign-on: no portal password to change. */
  ssoProvider?: string | null;
}

export interface Language {
  code: string;
  name: string;
}

export interface PortalSettings {
  /** The IANA time zone the portal counts days in (PORTAL_TIME_ZONE). */
  timeZone?: string;
  cacheBusterHash: string;
  cacheBusterContentHash: string;
  languages: Language[];
  portalCoreVersion: string;
  viewingProfanityCleanedFieldsAccessibleToRoles: string[];
  clientId: string;
  environment: string;
  qrBaseUrl: string;
  isEcho2Enabled: boolean;
  /** `providers`: the enabled company identity providers (issue 48), one sign-in button each. */
  sso: { enabled: boolean; mode: 'redirect' | 'post'; url: string; providers?: Array<{ id: string; name: string }> };
  features: Record<string, boolean>;
  roles: string[];
  /** Administrators must sign in with a second factor. */
  requireSecondFactorForAdmins?: boolean;
}

export interface NavigationItem {
  moduleId: string;
  navName: string;
  showNewBadge: boolean;
  moduleTemplate: string;
  navUrl: string;
  navWeight: number;
  accessibleToRoles: string[];
  hideMenu: boolean;
  hideOnMobile: boolean;
}

export interface ContentProfile {
  name: string;
  title: string;
  hideOnMobile: boolean;
  navigationItems: NavigationItem[];
}

export interface Claim {
  Type: string;
  Value: string;
}

export interface User {
  id: string;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phoneNumber: string | null;
  company: string | null;
  role: string;
  createdOn: string;
  changePasswordOnNextLogin: boolean;
  claims: Claim[];
  sameOrHigherRole?: boolean;
  canManageAppRegistrations?: boolean;
}

export interface UserList {
  results: User[];
  hasMore: boolean;
  total: number;
  take: number;
  skip: number;
}

export interface Role {
  name: string;
  reportsTo: string | null;
  dataAttribute: string | null;
  claims: string[];
  reportingRoles: string[];
  defaultRoute: string | null;
  /** The signed-in user may give this role (it is below theirs). */
  assignable?: boolean;
}

/** A smart filter as the API takes it (spec part 2 section 3). */
export interface SmartFilterInput {
  filterKey: string;
  filterValue?: string | number | null;
  filterValueUpperBound?: string | number | null;
  filterDataType?: string;
}

/** A records page request of the data viewer (spec part 2: Records query). */
export interface RecordsQuery {
  skip: number;
  top: number;
  orderByFields: string[];
  orderByOperator: 'ASC' | 'DESC';
  smartFilters: SmartFilterInput[];
}

/** An analytics measure (spec part 2: measureDefinitions). */
export interface MeasureInfo {
  measureKey: string;
  measureName: string;
  format: string;
  aggregateFunction: number;
}

/** The analytics request (spec part 2: Analytics data). */
export interface AnalyticsQuery {
  smartFilters: SmartFilterInput[];
  measureKeys: string[];
  rowDimensions: string[];
  columnDimensions: string[];
}

export type Cells = Record<string, number | null>;

/** A pivot row: levels joined by '|', its children, and per column key its measures. */
export interface PivotRow {
  DimensionValueKey: string;
  Parent: string | null;
  Children: PivotRow[];
  Value: Record<string, Cells>;
}

export interface AnalyticsData {
  data: PivotRow[];
  columns: string[];
  recordCount: number;
  rowTotals: Record<string, Cells>;
  colTotals: Record<string, Cells>;
  grandTotal: Cells;
}

/** A card template of a data viewer profile: which fields a card shows, and where. */
export interface CardTemplate {
  name: string;
  titleField: string;
  subtitleField: string;
  textField: string;
  fields: string[];
}

/** The card viewer's part of a profile (spec part 2: cardViewerViewModel; `sortFields` is this server's). */
export interface CardViewModel {
  templates: CardTemplate[];
  facets: string[];
  cardLimit: { min?: number; max?: number };
  cardIdField: string;
  cardNameField: string;
  /** Fields the sort/zoom slider may order the cards by. */
  sortFields: string[];
}

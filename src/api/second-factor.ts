import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

/** The signed-in user's second factor (GET /api/account/second-factor). */
export interface SecondFactorStatus {
  enabled: boolean;
  /** The portal requires one of this user (an administrator, with requireSecondFactorForAdmins on). */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface SecondFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  uri: string;
  qrSvg: string;
}

type Maybe<T> = Promise<T | BadRequest>;
const BASE = '/api/account/second-factor';

export const getSecondFactor = (target?: ApiTarget): Maybe<SecondFactorStatus> => request('GET', BASE, { target });
export const setUpSecondFactor = (target?: ApiTarget): Maybe<SecondFactorSetup> => request('POST', `${BASE}/setup`, { target });
export const confirmSecondFactor = (code: string, target?: ApiTarget): Maybe<{ recoveryCodes: string[] }> => request('POST', `${BASE}/confirm`, { json: { code }, target });
export const renewRecoveryCodes = (code: string, target?: ApiTarget): Maybe<{ recoveryCodes: string[] }> => request('POST', `${BASE}/recovery-codes`, { json: { code }, target });
export const turnOffSecondFactor = (password: string, target?: ApiTarget): Maybe<{ enabled: false }> => request('POST', `${BASE}/disable`, { json: { password }, target });
/** GlobalAdmin: the portal setting requireSecondFactorForAdmins. */
export const requireSecondFactorForAdmins = (required: boolean, target?: ApiTarget): Maybe<{ required: boolean }> => request('PUT', `${BASE}/required`, { json: { required }, target });

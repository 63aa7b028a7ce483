import type { Refusal } from './convert';
import { csvText } from '../../export/csv';

/** The refused rows of an import as CSV: line, column, reason, value. */
export const refusedCsv = (refused: readonly Refusal[]): string => csvText(['line', 'column', 'reason', 'value'], refused.map((r) => [r.line, r.column, r.reason, r.value]));

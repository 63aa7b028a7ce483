import type { TypeName } from '../smartdata/schema';
import type { DateFormat } from './dates';
import type { FileFormat } from './formats';
import type { SurveyTool } from './headers';
import type { DecimalSeparator } from './numbers';
import type { RoleProposal } from './roles';
import type { TextEncoding } from './text';

/** A column as proposed: what `POST /api/datasources` takes back, confirmed or changed by the user. */
export interface ProposedColumn extends RoleProposal {
  key: string;
  name: string;
  typeName: TypeName;
  /** Holds whole numbers only. */
  whole?: boolean;
  /** How a DateTime column's dates are written (and the candidates when that is ambiguous). */
  date?: DateFormat;
  /** A dimension named as one of the portal's claim types is proposed as restricted by it. */
  claimType?: string;
}

/** A data source's definition as a preview proposes it. */
export interface ProposedDefinition {
  name: string;
  format: FileFormat;
  /** Text files: the encoding, delimiter and decimal separator they were read with. */
  encoding?: TextEncoding;
  delimiter?: string;
  decimalSeparator: DecimalSeparator;
  /** Workbooks: the worksheet read (the first). */
  sheet?: string;
  /** The survey tool whose export this is, when recognised. */
  source: SurveyTool | null;
  /** Rows above the data that name the columns (Qualtrics 3, SurveyMonkey 2, else 1; none in JSON and Parquet). */
  headerRows: number;
  /** The key of a column whose values are truly unique, else null. */
  idColumn: string | null;
  /** The key of the date the source's periods are read by, else null. */
  dateKey: string | null;
  columns: ProposedColumn[];
}

/** A stored value: text, number, ISO date text, or null for an empty cell. */
export type StoredValue = string | number | null;

/** The answer of `POST /api/datasources/preview`. */
export interface Preview {
  definition: ProposedDefinition;
  /** The first rows as they would be stored, by column key. */
  rows: Array<Record<string, StoredValue>>;
  /** How many data rows the proposal was judged on (the rest of the file is read by the import). */
  sampledRows: number;
  /** What the user should know: renamed duplicates, cells that look like formulas, ids refused, dates to choose. */
  notes: string[];
}

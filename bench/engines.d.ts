// react-pivottable ships no types; the benchmark uses its PivotData only.
declare module 'react-pivottable/Utilities.js' {
  interface PivotDataInstance {
    getRowKeys(): string[][];
    getColKeys(): unknown[];
    getAggregator(rowKey: string[], colKey: string[]): { value(): number };
  }
  const utilities: { PivotData: new (props: object) => PivotDataInstance };
  export default utilities;
}

/** periodId / period_id of the intraday (today) period. */
export interface IndexGraphicDataRequest {
  /** DD.MM.YYYY; both default to the last month of values. */
  endDate?: string;
  beginDate?: string;
  /** Index ids to add to the chart: paid only (401 need_auth / 403 need_get_access otherwise); at most 10. */
  compareIndexes?: number[];
  /** 99: the 5-minute values of the last trading day (ground-1 indexes); null: daily values. */
  periodId?: number | null;
}

/** SPEC §3 "Chart point": Unix seconds, the value and the display date. */
export interface IndexGraphPoint {
  'date.numeric': number;
  value: number;
  date: string;
}

/** SPEC §3 "Index compare data". */
export interface IndexCompareData {
  index_id: number;
  name: string;
  code: string;
  graph_data: IndexGraphPoint[];
  /** Non-paid sessions: values scaled to 0..100. */
  scaled?: true;
}

export interface IndexGraphicDataAnswer {
  /** The index itself first, then the compared ones. */
  compare_data: IndexCompareData[];
}

export interface IndexCompareGraphicDataRequest {
  index_id: number;
  end_date?: string;
  begin_date?: string;
  period_id?: number | null;
}

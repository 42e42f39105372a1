/**
 * One line of a month's charges (GET /finance/accruals, issue 43): a fee type and sub type (none
 * for the minimum charge) in one currency, so far and forecast to the month's end. The server
 * computes it, the screens show it.
 */
export interface AccrualLine {
  feeType: number;
  subType: number | null;
  currency: number;
  toDate: number;
  forecast: number;
}

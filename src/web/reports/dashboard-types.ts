export interface Movement {
  day: string;
  inPieces: number;
  outPieces: number;
  inPallets: number;
  outPallets: number;
}

/** In and out per day as the chart's long form: one point per day and direction. */
export const movementSeries = (movements: Movement[], inLabel: string, outLabel: string) =>
  movements.flatMap((m) => [
    { day: m.day.slice(5), direction: inLabel, pieces: m.inPieces },
    { day: m.day.slice(5), direction: outLabel, pieces: m.outPieces },
  ]);

export interface ChartProps {
  data: Record<string, unknown>[];
  x: string;
  y: string;
  /** The field that splits the data into coloured series. */
  series?: string;
  /** Series side by side rather than stacked: figures that overlap (on time among all shipments). */
  grouped?: boolean;
  height?: number;
  onPick?: (datum: Record<string, unknown>) => void;
}

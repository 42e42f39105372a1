export interface ChartProps {
  data: Record<string, unknown>[];
  x: string;
  y: string;
  /** The field that splits the data into coloured series. */
  series?: string;
  height?: number;
  onPick?: (datum: Record<string, unknown>) => void;
}

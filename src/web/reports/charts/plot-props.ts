import type { ChartProps } from './types';

/**
 * What every chart kind takes from our props in the plots' terms: its data and fields, its height,
 * and a click on an element handing its datum back.
 */
export const plotProps = ({ data, x, y, series, height = 280, onPick }: ChartProps) => ({
  data,
  xField: x,
  yField: y,
  colorField: series,
  height,
  onEvent: (_chart: unknown, event: { type: string; data?: { data?: unknown } }) => {
    if (onPick && event.type === 'element:click' && event.data?.data)
      onPick(event.data.data as Record<string, unknown>);
  },
});

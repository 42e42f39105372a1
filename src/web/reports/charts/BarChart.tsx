import { Bar } from '@ant-design/plots';
import type { ChartProps } from './types';

/** Horizontal bars, largest first as the data comes; a click hands its datum back. */
const BarChart = ({ data, x, y, series, height = 280, onPick }: ChartProps) => (
  <Bar
    data={data}
    xField={x}
    yField={y}
    colorField={series}
    stack={Boolean(series)}
    height={height}
    onEvent={(_chart, event) => {
      if (onPick && event.type === 'element:click' && event.data?.data)
        onPick(event.data.data as Record<string, unknown>);
    }}
  />
);

export default BarChart;

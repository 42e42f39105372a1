import { Bar } from '@ant-design/plots';
import type { ChartProps } from './types';

/** Horizontal bars, largest first as the data comes, series stacked or grouped; a click hands its datum back. */
const BarChart = ({ data, x, y, series, grouped, height = 280, onPick }: ChartProps) => (
  <Bar
    data={data}
    xField={x}
    yField={y}
    colorField={series}
    stack={Boolean(series) && !grouped}
    group={Boolean(series) && grouped}
    height={height}
    // A name longer than the room beside the bars ends in an ellipsis; the tooltip has it whole.
    axis={{ x: { labelAutoEllipsis: true } }}
    onEvent={(_chart, event) => {
      if (onPick && event.type === 'element:click' && event.data?.data)
        onPick(event.data.data as Record<string, unknown>);
    }}
  />
);

export default BarChart;

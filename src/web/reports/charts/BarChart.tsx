import { Bar } from '@ant-design/plots';
import { plotProps } from './plot-props';
import type { ChartProps } from './types';

/** Horizontal bars, largest first as the data comes, series stacked or grouped; a click hands its datum back. */
const BarChart = (props: ChartProps) => (
  <Bar
    {...plotProps(props)}
    stack={Boolean(props.series) && !props.grouped}
    group={Boolean(props.series) && props.grouped}
    // A name longer than the room beside the bars ends in an ellipsis; the tooltip has it whole.
    axis={{ x: { labelAutoEllipsis: true } }}
  />
);

export default BarChart;

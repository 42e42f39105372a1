import { Column } from '@ant-design/plots';
import { plotProps } from './plot-props';
import type { ChartProps } from './types';

/** Columns per x value, side by side per series when there is one; a click hands its datum back. */
const ColumnChart = (props: ChartProps) => (
  <Column {...plotProps(props)} group={Boolean(props.series)} axis={{ x: { labelAutoRotate: true } }} />
);

export default ColumnChart;

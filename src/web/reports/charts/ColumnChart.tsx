import { Column } from '@ant-design/plots';
import type { ChartProps } from './types';

/** Columns per x value, side by side per series when there is one; a click hands its datum back. */
const ColumnChart = ({ data, x, y, series, height = 280, onPick }: ChartProps) => (
  <Column
    data={data}
    xField={x}
    yField={y}
    colorField={series}
    group={Boolean(series)}
    height={height}
    axis={{ x: { labelAutoRotate: true } }}
    onEvent={(_chart, event) => {
      if (onPick && event.type === 'element:click' && event.data?.data)
        onPick(event.data.data as Record<string, unknown>);
    }}
  />
);

export default ColumnChart;

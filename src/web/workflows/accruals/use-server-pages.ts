import { useState } from 'react';
import type { TablePaginationConfig, TableProps } from 'antd';

/**
 * A drill-down table paged by the server: the page asked for, and the table's props for an answer
 * to it: its rows, its pagination driving the page (a new page size starts again at the first
 * page), small, and scrolling sideways on a phone rather than widening the screen.
 */
export const useServerPages = () => {
  const [page, setPage] = useState({ index: 1, size: 20 });
  const pagination = (total: number): TablePaginationConfig => ({
    current: page.index,
    pageSize: page.size,
    total,
    size: 'small',
    showSizeChanger: true,
    onChange: (index, size) => setPage({ index: size === page.size ? index : 1, size }),
  });
  const tableOf = <Row>(answer: { rows: Row[]; total: number; loading: boolean }): TableProps<Row> => ({
    size: 'small',
    loading: answer.loading,
    dataSource: answer.rows,
    scroll: { x: 'max-content' },
    pagination: pagination(answer.total),
  });
  return { page, tableOf };
};

import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

/**
 * A drill-down table paged by the server: the page asked for, and the table's pagination driving
 * it (a new page size starts again at the first page).
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
  return { page, pagination };
};

import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../engine/use-busy';

/**
 * A report's export to Excel: `write` reads every row (not only the page shown) and saves the file,
 * so the button stays busy until it is done; with no rows there is nothing to write.
 */
export const ReportExportButton = ({ empty, write }: { empty: boolean; write: () => Promise<void> }) => {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={busy}
      disabled={empty}
      onClick={() => void run(write)}
      data-testid="report-export"
    >
      {t('reports.export')}
    </Button>
  );
};

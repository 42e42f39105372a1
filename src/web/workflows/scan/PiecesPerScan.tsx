import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * How many pieces the next scans count: a carton of several, or a count typed by hand, is one scan
 * of that many. Shown in warning colour while it is more than one, so it is not forgotten.
 */
export const PiecesPerScan = ({ value, onChange }: { value: number; onChange: (pieces: number) => void }) => {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
      <label htmlFor="scan-pieces">{t('scan.piecesPerScan')}</label>
      <InputNumber
        id="scan-pieces"
        data-testid="scan-pieces"
        min={1}
        max={100000}
        precision={0}
        size="large"
        value={value}
        onChange={(pieces) => onChange(pieces ?? 1)}
        // Enter hands the scanner back its field: the next code typed is a scan, not a count.
        onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
        status={value > 1 ? 'warning' : undefined}
        title={t('scan.piecesPerScanHelp')}
      />
    </div>
  );
};

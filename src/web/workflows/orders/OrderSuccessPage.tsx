import { Button, Card, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../layout/PageTitle';
import { http } from '../../providers/http';

/** After checkout (SPEC 2 /orders/orderSuccess/:id): the order's number and a way to it. */
const OrderSuccessPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const passed = (useLocation().state as { orderNo?: string } | null)?.orderNo;
  const { data } = useQuery({
    queryKey: ['orders', 'success', id],
    enabled: !passed,
    queryFn: () => http.get<{ orderNo: string }>(`/orders/${id}`, { silent: true }),
  });
  const orderNo = passed ?? data?.orderNo ?? '';
  return (
    <Card data-testid="order-success">
      <Result
        status="success"
        title={<PageTitle>{t('mall.successTitle', { orderNo })}</PageTitle>}
        subTitle={t('mall.successText')}
        extra={[
          <Button type="primary" key="view" onClick={() => navigate(`/orders/${id}`)} data-testid="view-order">
            {t('mall.viewOrder')}
          </Button>,
          <Button key="shop" onClick={() => navigate('/orders/products')}>
            {t('mall.keepShopping')}
          </Button>,
        ]}
      />
    </Card>
  );
};

export default OrderSuccessPage;

import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Authenticated } from '@refinedev/core';
import { resources } from '../../resources';
import { screenPaths, type ResourceDef } from '../domain/resource';
import { AppLayout } from './layout/AppLayout';
import { PROFILE_PATH } from './layout/route-meta';
import { Guard, HomeRedirect, PageLoading, ToLogin } from './guards';
import { AuthRedirectPage, RedirectPage } from './pages/RedirectPages';
import { MOVED_PATHS } from './moved-paths';

// Split by route (STACK pitfall): the form engine and dashboards load when first opened.
const Dashboard = lazy(() => import('./pages/Dashboard'));
const CargoDashboard = lazy(() => import('./pages/CargoDashboard'));
const ListPage = lazy(() => import('./engine/ListPage'));
const FormPage = lazy(() => import('./engine/FormPage'));
const ShowPage = lazy(() => import('./engine/ShowPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const CheckInventoryPage = lazy(() => import('./workflows/stock/CheckInventoryPage'));
const ScanPage = lazy(() => import('./workflows/scan/ScanPage'));
const CartPage = lazy(() => import('./workflows/orders/CartPage'));
const CheckoutPage = lazy(() => import('./workflows/orders/CheckoutPage'));
const BillRunPage = lazy(() => import('./workflows/finance/BillRunPage'));
const BillPrintPage = lazy(() => import('./workflows/finance/BillPrintPage'));
const OrderSuccessPage = lazy(() => import('./workflows/orders/OrderSuccessPage'));
const ShipmentReportPage = lazy(() => import('./reports/ShipmentReportPage'));
const InventoryReportPage = lazy(() => import('./reports/InventoryReportPage'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));

const resourceRoutes = (r: ResourceDef) => {
  const paths = screenPaths(r);
  const routes = [
    <Route
      key={`${r.name}-list`}
      path={paths.list}
      element={
        <Guard resource={r.name} action="list">
          <ListPage def={r} />
        </Guard>
      }
    />,
    <Route
      key={`${r.name}-show`}
      path={paths.show}
      element={
        <Guard resource={r.name} action="show">
          <ShowPage key={`${r.name}-show`} def={r} />
        </Guard>
      }
    />,
  ];
  if (r.actions.includes('create')) {
    routes.push(
      <Route
        key={`${r.name}-create`}
        path={paths.create}
        element={
          <Guard resource={r.name} action="create">
            <FormPage key={`${r.name}-create`} def={r} action="create" />
          </Guard>
        }
      />,
    );
  }
  if (r.actions.includes('edit')) {
    routes.push(
      <Route
        key={`${r.name}-edit`}
        path={paths.edit}
        element={
          <Guard resource={r.name} action="edit">
            <FormPage key={`${r.name}-edit`} def={r} action="edit" />
          </Guard>
        }
      />,
    );
  }
  return routes;
};

/** A moved screen's old path: the new one, with the same filters. */
const Moved = ({ to }: { to: string }) => {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
};

const Shell = () => (
  <Authenticated key="app" fallback={<ToLogin />} loading={<PageLoading />}>
    <AppLayout />
  </Authenticated>
);

/**
 * Public: auth-redirect, 404, 401 (the login page is outside Refine: App.tsx); /redirect is a
 * helper inside the signed-in frame, as in
 * vue-element-admin. Everything else needs a session (SPEC 2, C13).
 */
export const AppRoutes = () => (
  <Routes>
    <Route element={<Shell />}>
      <Route index element={<HomeRedirect />} />
      <Route
        path="/dashboard"
        element={
          <Guard resource="dashboard" action="list">
            <Dashboard />
          </Guard>
        }
      />
      <Route
        path="/cargo/dashboard"
        element={
          <Guard resource="cargoDashboard" action="list">
            <CargoDashboard />
          </Guard>
        }
      />
      <Route
        path="/inventories/checkInventory"
        element={
          <Guard resource="checkInventory" action="list">
            <CheckInventoryPage />
          </Guard>
        }
      />
      <Route
        path="/inventories/scan"
        element={
          <Guard resource="scan" action="list">
            <ScanPage />
          </Guard>
        }
      />
      <Route
        path="/orders/cart"
        element={
          <Guard resource="cart" action="list">
            <CartPage />
          </Guard>
        }
      />
      <Route
        path="/orders/orderConfirm"
        element={
          <Guard resource="orderConfirm" action="list">
            <CheckoutPage />
          </Guard>
        }
      />
      <Route
        path="/finance/bills/generate"
        element={
          <Guard resource="billRun" action="list">
            <BillRunPage />
          </Guard>
        }
      />
      <Route
        path="/finance/bills/print/:id"
        element={
          <Guard resource="billPrint" action="list">
            <BillPrintPage />
          </Guard>
        }
      />
      <Route
        path="/orders/orderSuccess/:id"
        element={
          <Guard resource="orderSuccess" action="list">
            <OrderSuccessPage />
          </Guard>
        }
      />
      <Route
        path="/reports/shipment"
        element={
          <Guard resource="reportShipment" action="list">
            <ShipmentReportPage />
          </Guard>
        }
      />
      <Route
        path="/reports/inventory"
        element={
          <Guard resource="reportInventory" action="list">
            <InventoryReportPage />
          </Guard>
        }
      />
      <Route path={PROFILE_PATH} element={<ProfilePage />} />
      {/* Inside the frame so a tab's refresh keeps the other tabs alive. */}
      <Route path="/redirect/*" element={<RedirectPage />} />
      {resources.flatMap(resourceRoutes)}
      {Object.entries(MOVED_PATHS).map(([from, to]) => (
        <Route key={from} path={from} element={<Moved to={to} />} />
      ))}
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Route>
    <Route path="/auth-redirect" element={<AuthRedirectPage />} />
    <Route
      path="/404"
      element={
        <Suspense fallback={<PageLoading />}>
          <ErrorPage status={404} />
        </Suspense>
      }
    />
    <Route
      path="/401"
      element={
        <Suspense fallback={<PageLoading />}>
          <ErrorPage status={401} />
        </Suspense>
      }
    />
  </Routes>
);

import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Space, Spin, theme, Tree } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { downloadApi } from '../../engine/download';
import { http } from '../../providers/http';
import { SaveButton } from './SaveButton';
import { catalogueTree, filterTree, type CatalogueEntry, type CatalogueNode } from './catalogue-tree';

type Rows<T> = { rows: T[] };
type DriftLine = { line: string; by: string | null; at: string | null };

/**
 * This role's lines that differ from policies/policy.csv (issue 39): granted or removed on the
 * screen, with who and when, so whoever edits a role sees what the files do not say.
 */
const RoleDrift = ({ role }: { role: string }) => {
  const { t } = useTranslation();
  const drift = useQuery({
    queryKey: ['policy-drift'],
    queryFn: () =>
      http.get<{ added: DriftLine[]; removed: DriftLine[] }>('/system/roles/policy/drift', { silent: true }),
  });
  const own = (lines: DriftLine[] = []) => lines.filter((l) => l.line.split(', ')[1] === role);
  const added = own(drift.data?.added);
  const removed = own(drift.data?.removed);
  if (!drift.data) return null;
  if (!added.length && !removed.length)
    return <Alert type="success" showIcon message={t('engine.permissions.driftNone')} data-testid="role-drift" />;
  const item = (sign: string, l: DriftLine) => (
    <li key={`${sign}${l.line}`}>
      <code>
        {sign} {l.line}
      </code>
      {l.by && ` · ${t('engine.permissions.driftBy', { by: l.by, at: dayjs(l.at).format('YYYY-MM-DD HH:mm') })}`}
    </li>
  );
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="role-drift"
      message={t('engine.permissions.driftTitle')}
      description={
        <>
          {added.length > 0 && (
            <div>
              {t('engine.permissions.driftAdded')}
              <ul>{added.map((l) => item('+', l))}</ul>
            </div>
          )}
          {removed.length > 0 && (
            <div>
              {t('engine.permissions.driftRemoved')}
              <ul>{removed.map((l) => item('−', l))}</ul>
            </div>
          )}
        </>
      }
    />
  );
};

/**
 * A role's page and button resources (SPEC 6): the catalogue as a checkbox tree, saved whole with
 * PUT /system/roles/{id}/resources; users of the role see the change at their next sign-in. Pages
 * and buttons are ticked independently (a page may be granted without all of its buttons). The
 * tree opens folded to the menu's groups; a search narrows it to what matches and opens that.
 */
const RoleResourcesPanel = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useQuery({
    queryKey: ['system-resources'],
    queryFn: () => http.get<Rows<CatalogueEntry>>('/system/resources', { silent: true }),
  });
  const granted = useQuery({
    queryKey: ['role-resources', record.id],
    queryFn: () => http.get<Rows<{ name: string }>>(`/system/roles/${record.id}/resources`, { silent: true }),
  });
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => setChecked(granted.data?.rows.map((r) => r.name) ?? []), [granted.data]);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const { token } = theme.useToken();
  const tree = useMemo(() => catalogueTree(catalogue.data?.rows ?? [], t), [catalogue.data, t]);
  const found = useMemo(() => filterTree(tree, search), [tree, search]);
  const title = (node: CatalogueNode) => (
    <span>
      {node.label} <span style={{ color: token.colorTextDescription }}>· {node.key}</span>
    </span>
  );

  const extra = (
    <Space>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void downloadApi('/system/roles/policy.csv', 'policy.csv')}
        data-testid="policy-download"
      >
        {t('engine.permissions.downloadPolicy')}
      </Button>
      <SaveButton
        permission="permissions.roles.edit"
        send={() => http.put(`/system/roles/${record.id}/resources`, { resources: checked })}
        onSaved={() => Promise.all([granted.refetch(), queryClient.invalidateQueries({ queryKey: ['policy-drift'] })])}
        testId="role-resources-save"
      />
    </Space>
  );
  return (
    <Card
      title={t('engine.permissions.roleResources')}
      extra={extra}
      style={{ marginTop: 16 }}
      data-testid="role-resources"
    >
      {catalogue.isLoading || granted.isLoading ? (
        <Spin />
      ) : (
        <>
          <div style={{ marginBottom: 12 }}>
            <RoleDrift role={String(record.name)} />
          </div>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('engine.permissions.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ maxWidth: 360, marginBottom: 12 }}
            data-testid="role-resources-search"
          />
          <Tree<CatalogueNode>
            checkable
            checkStrictly
            selectable={false}
            treeData={found.tree}
            titleRender={title}
            expandedKeys={search.trim() ? found.expanded : expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={checked}
            // One object at a time, whatever the search hides: those stay as they were.
            onCheck={(_, { node, checked: on }) =>
              setChecked((now) => (on ? [...now, String(node.key)] : now.filter((k) => k !== node.key)))
            }
          />
        </>
      )}
    </Card>
  );
};

export default RoleResourcesPanel;

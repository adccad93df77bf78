import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useMemo, useState } from 'react';
import type { ManagedUser } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import type { SortState } from '../../../lib/list';
import { CheckboxToggle } from '../../../ui/checkbox-toggle';
import { DataList, type DataListColumn } from '../../../ui/data-list';
import { useUsers } from '../api/get-users';
import { READ_ONLY_USERS_MESSAGE } from '../constants';
import { DEFAULT_USER_SORT, USER_SORT_COLUMNS, userListView, userSearchText } from '../user-list';
import { linkPurposeOf, SEND_LINK_TEXT, useSendLinkAction } from './send-link';
import { useResetTwoFactorAction } from './reset-two-factor';
import '../admin-users.css';

/** How many retail centers a row shows before 'Show More'. */
const RETAILERS_SHOWN = 2;

function RetailerCell({ user, expanded, onToggle }: { user: ManagedUser; expanded: boolean; onToggle: () => void }) {
  const listId = useId();
  const names = user.retailers.map(
    (retailer) => `${retailer.name}${retailer.retailerCity ? ` - ${retailer.retailerCity}` : ''} (${retailer.retailerNumber})`,
  );
  const shown = expanded ? names : names.slice(0, RETAILERS_SHOWN);
  return (
    <div className="user-retailers">
      <ul id={listId} className="user-retailers__list">
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      {names.length > RETAILERS_SHOWN && (
        <button
          type="button"
          className="button button--link user-retailers__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={onToggle}
        >
          {expanded ? 'Show Less' : `Show More (${names.length - RETAILERS_SHOWN})`}
        </button>
      )}
    </div>
  );
}

/** Edit User, and for an active user the link that lets them in: an invitation (no password yet) or a password reset. */
function UserActions({
  user,
  onSendLink,
  sending,
  onResetTwoFactor,
}: {
  user: ManagedUser;
  onSendLink: (user: ManagedUser) => void;
  sending: boolean;
  onResetTwoFactor: (user: ManagedUser) => void;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  const sendLabel = SEND_LINK_TEXT[linkPurposeOf(user)].action;
  return (
    <div className="admin-users__actions">
      <Link
        to="/admin/users/$cmhUserId"
        params={{ cmhUserId: user.cmhUserId }}
        className="button admin-users__edit"
        aria-label={`Edit User ${name}`}
      >
        Edit User
      </Link>
      {/* A link for an inactive user would be refused when opened (LINK_REFUSAL_MESSAGES.deactivated). */}
      {user.isActive && (
        <button
          type="button"
          className="button button--link admin-users__send-link"
          aria-label={`${sendLabel} to ${name}`}
          disabled={sending}
          aria-busy={sending}
          onClick={() => onSendLink(user)}
        >
          {sendLabel}
        </button>
      )}
      {user.twoFactorEnabled && (
        <button
          type="button"
          className="button button--link admin-users__reset-two-factor"
          aria-label={`Reset two-factor sign-in of ${name}`}
          onClick={() => onResetTwoFactor(user)}
        >
          Reset two-factor
        </button>
      )}
    </div>
  );
}

function userColumns(options: {
  expanded: ReadonlySet<number>;
  toggle: (cmhUserId: number) => void;
  editable: boolean;
  onSendLink: (user: ManagedUser) => void;
  sendingTo: number | undefined;
  onResetTwoFactor: (user: ManagedUser) => void;
}): DataListColumn<ManagedUser>[] {
  const columns: DataListColumn<ManagedUser>[] = [
    ...USER_SORT_COLUMNS.map((column) => ({ ...column, width: column.columnName === 'userName' ? 'minmax(0, 1.6fr)' : 'minmax(0, 1fr)' })),
    {
      columnName: 'retailers',
      displayName: 'Retailers',
      sortable: false,
      width: 'minmax(0, 1.8fr)',
      render: (user) => (
        <RetailerCell user={user} expanded={options.expanded.has(user.cmhUserId)} onToggle={() => options.toggle(user.cmhUserId)} />
      ),
    },
    { columnName: 'isActive', displayName: 'Is Active', sortable: false, width: '6rem' },
    // issue 33 §2: who has two-factor sign-in on.
    {
      columnName: 'twoFactorEnabled',
      displayName: 'Two-factor',
      sortable: false,
      width: '7.5rem',
      render: (user) => (user.twoFactorEnabled ? 'On' : 'Off'),
    },
  ];
  if (options.editable) {
    columns.push({
      columnName: 'edit',
      displayName: 'Actions',
      sortable: false,
      width: '11rem',
      render: (user) => (
        <UserActions
          user={user}
          onSendLink={options.onSendLink}
          sending={options.sendingTo === user.cmhUserId}
          onResetTwoFactor={options.onResetTwoFactor}
        />
      ),
    });
  }
  return columns;
}

/**
 * spec 1 §2 Users list (/admin/users): search, sort by first name, last name and e-mail, Show Inactive Users,
 * and the users split by allowEdit into the ones this admin edits and the read-only ones.
 */
export function UsersScreen() {
  const users = useUsers();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_USER_SORT);
  const [showInactive, setShowInactive] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const headingId = useId();
  const readOnlyHeadingId = useId();
  const sendLinkAction = useSendLinkAction();
  const { send, sendingTo } = sendLinkAction;

  const view = useMemo(() => userListView(users.data ?? [], { search, showInactive }), [users.data, search, showInactive]);
  const toggle = useCallback(
    (cmhUserId: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(cmhUserId)) next.add(cmhUserId);
        return next;
      }),
    [],
  );
  const onSendLink = useCallback((user: ManagedUser) => void send(user), [send]);
  const resetTwoFactor = useResetTwoFactorAction();
  const onResetTwoFactor = useCallback((user: ManagedUser) => void resetTwoFactor(user), [resetTwoFactor]);
  const editableColumns = useMemo(
    () => userColumns({ expanded, toggle, editable: true, onSendLink, sendingTo, onResetTwoFactor }),
    [expanded, toggle, onSendLink, sendingTo, onResetTwoFactor],
  );
  const readOnlyColumns = useMemo(
    () => userColumns({ expanded, toggle, editable: false, onSendLink, sendingTo, onResetTwoFactor }),
    [expanded, toggle, onSendLink, sendingTo, onResetTwoFactor],
  );
  const loading = users.isPending && users.fetchStatus === 'fetching';
  const offlineWithoutData = !users.data && isOfflineError(users.error);

  return (
    <div className="page admin-users">
      <div className="page__header">
        <h1 className="page__title" id={headingId}>
          Users
        </h1>
        <div className="admin-users__header-actions">
          <Link to="/admin/audit" className="button">
            Audit log
          </Link>
          <Link to="/admin/locations" className="button">
            Time zones
          </Link>
          <Link to="/admin/newUser" className="button button--primary">
            Add User
          </Link>
        </div>
      </div>
      {offlineWithoutData && (
        <p className="notice notice--warning" role="status">
          You are offline. The users list will load when you are back online.
        </p>
      )}

      <section aria-labelledby={headingId} className="admin-users__section">
        <DataList
          label="Users you can edit"
          rows={view.editable}
          columns={editableColumns}
          rowKey={(user) => user.cmhUserId}
          loading={loading}
          searchLabel="Search users"
          searchPlaceholder="Search by name, email or retail center"
          search={search}
          onSearchChange={setSearch}
          searchText={userSearchText}
          sort={sort}
          onSortChange={setSort}
          onRowClick={(user) => void navigate({ to: '/admin/users/$cmhUserId', params: { cmhUserId: user.cmhUserId } })}
          rowClassName={(user) => (user.isActive ? undefined : 'admin-users__row--inactive')}
          emptyMessage={search ? 'No users match your search.' : 'There are no users to show.'}
          estimateRowHeight={64}
          toolbar={<CheckboxToggle label="Show Inactive Users" checked={showInactive} onCheckedChange={setShowInactive} />}
        />
      </section>

      {(view.readOnly.length > 0 || view.activeReadOnlyCount > 0) && (
        <section aria-labelledby={readOnlyHeadingId} className="admin-users__section">
          <h2 id={readOnlyHeadingId} className="admin-users__subtitle">
            Read-only users <span className="admin-users__count">({view.activeReadOnlyCount} active)</span>
          </h2>
          <p className="notice notice--info">{READ_ONLY_USERS_MESSAGE}</p>
          <DataList
            label="Read-only users"
            rows={view.readOnly}
            columns={readOnlyColumns}
            rowKey={(user) => user.cmhUserId}
            loading={loading}
            showSearch={false}
            sort={sort}
            onSortChange={setSort}
            rowClassName={(user) => (user.isActive ? undefined : 'admin-users__row--inactive')}
            emptyMessage={search ? 'No read-only users match your search.' : 'There are no read-only users to show.'}
            estimateRowHeight={64}
          />
        </section>
      )}
      {sendLinkAction.dialog}
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CmhUser } from '../../../../contract';
import { deriveFlags } from '../../../../lib/permissions';
import { HomePicker } from './home-picker';
import { WorkOrderList } from './work-order-list';
import { isHomeownerExperienceCookieOn, isHomeownerUser, isPortalMode, type ServiceTab } from './list-rules';
import { viewScope } from '../../../../entities/view-scope';
import './service-list.css';

interface TabDefinition {
  tab: ServiceTab;
  label: string;
}

/**
 * The tabs of /service (spec 3 §2: tab 0 work orders, tab 1 parts, and Homeowner Portal Requests in portal mode).
 * Each tab is a link to its own address, so a tab can be bookmarked and Back returns to it; arrow keys, Home and
 * End move between tabs as in any tab list.
 */
function ServiceTabs({ tabs, active, idPrefix }: { tabs: TabDefinition[]; active: ServiceTab; idPrefix: string }) {
  const refs = useRef(new Map<ServiceTab, HTMLAnchorElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.tab === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = tabs[(to + tabs.length) % tabs.length]!;
    const element = refs.current.get(target.tab);
    element?.focus();
    element?.click();
  };
  const linkProps = (tab: TabDefinition) => ({
    ref: (element: HTMLAnchorElement | null) => {
      if (element) refs.current.set(tab.tab, element);
      else refs.current.delete(tab.tab);
    },
    id: `${idPrefix}-tab-${tab.tab}`,
    role: 'tab',
    'aria-selected': tab.tab === active,
    'aria-controls': `${idPrefix}-panel`,
    tabIndex: tab.tab === active ? 0 : -1,
    className: `service-tabs__tab${tab.tab === active ? ' service-tabs__tab--active' : ''}`,
    children: tab.label,
  });
  return (
    <div role="tablist" aria-label="Service & Parts" className="service-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) =>
        tab.tab === 'parts' ? (
          <Link key={tab.tab} to="/service/parts" {...linkProps(tab)} />
        ) : (
          <Link key={tab.tab} to="/service" search={tab.tab === 'portal' ? { tab: 'portal' } : {}} {...linkProps(tab)} />
        ),
      )}
    </div>
  );
}

/** spec 3 §2 tab 1: the parts requests list comes with parts orders; until then the tab says so rather than showing nothing. */
function PartsTab() {
  return (
    <div className="service-empty">
      <h2 className="service-empty__title">Parts requests</h2>
      <p>The parts requests list is not available yet. It arrives together with parts orders.</p>
      <p>Parts for a work order are added on the work order itself.</p>
    </div>
  );
}

export interface ServiceMainPageProps {
  user: CmhUser;
  tab: ServiceTab;
  /** The retailer's homeowner-portal metadata (GET {api}/service/hxstatus/{retailerNumber}) says the portal is deployed. */
  deployPortal: boolean;
  /** The parts requests list (tab 1), drawn by the parts-orders feature and handed in by the route. */
  partsTab?: ReactNode;
}

/** spec 3 §2 Service and Parts main page: /service (work orders), /service?tab=portal, /service/parts. */
export function ServiceMainPage({ user, tab, deployPortal, partsTab }: ServiceMainPageProps) {
  const idPrefix = useId();
  const [picking, setPicking] = useState(false);
  const scope = viewScope(user);
  const portalMode = isPortalMode(isHomeownerExperienceCookieOn(), deployPortal);
  const active: ServiceTab = tab === 'portal' && !portalMode ? 'workOrders' : tab;
  const canCreate = deriveFlags(user).isServiceAdmin;

  const tabs: TabDefinition[] = [
    { tab: 'workOrders', label: 'Work Orders' },
    { tab: 'parts', label: 'Parts Requests' },
    ...(portalMode ? [{ tab: 'portal' as const, label: 'Homeowner Portal Requests' }] : []),
  ];

  return (
    <div className="page service-page">
      <div className="page__header">
        <h1 className="page__title">Service &amp; Parts</h1>
        {canCreate && (
          <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setPicking(true)}>
            New Service Request
          </button>
        )}
      </div>
      <ServiceTabs tabs={tabs} active={active} idPrefix={idPrefix} />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${active}`} className="service-page__panel">
        {active === 'parts' ? (
          (partsTab ?? <PartsTab />)
        ) : (
          <WorkOrderList key={active} scope={scope} tab={active} portalMode={portalMode} homeownerUser={isHomeownerUser(user)} />
        )}
      </div>
      {canCreate && picking && <HomePicker scope={scope} open onClose={() => setPicking(false)} />}
    </div>
  );
}

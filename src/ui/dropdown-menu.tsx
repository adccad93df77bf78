import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRouter } from '@tanstack/react-router';
import { useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { isLocalPath } from '../lib/links';
import { DisabledReason } from './disabled-reason';

/**
 * Menus on Radix DropdownMenu (WAI-ARIA menu button: arrows, Home/End, typeahead, Escape back to the button, focus
 * kept inside while open). Two ways to use it: `DropdownMenu` with a list of entries for the common case, or the
 * styled parts below (MenuRoot, MenuTrigger, MenuContent, MenuItem, MenuLinkItem, …) for anything else.
 */

/** Not modal by default: a modal menu hides the page from assistive technology while its links stay focusable (axe aria-hidden-focus). */
export function MenuRoot({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const MenuGroup = Menu.Group;
export const MenuRadioGroup = Menu.RadioGroup;

type TriggerProps = ComponentProps<typeof Menu.Trigger> & { chevron?: boolean };

/**
 * The menu button. Radix opens on pointerdown and on Enter/Space/ArrowDown; a click that no pointer made (detail 0:
 * a screen reader's virtual click, a test's synthetic click) opens it as well.
 */
export function MenuTrigger({ className = 'menu__button', chevron = true, children, onClick, ...props }: TriggerProps) {
  return (
    <Menu.Trigger
      className={className}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && event.detail === 0 && event.currentTarget.getAttribute('aria-expanded') !== 'true') {
          event.currentTarget.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        }
      }}
    >
      {children}
      {chevron && <span className="menu__chevron" aria-hidden="true" />}
    </Menu.Trigger>
  );
}

export function MenuContent({
  className = 'menu__list',
  sideOffset = 4,
  align = 'end',
  children,
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content className={className} sideOffset={sideOffset} align={align} collisionPadding={8} {...props}>
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

export function MenuItem({ className = 'menu__item', ...props }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={className} {...props} />;
}

export function MenuLabel({ className = 'menu__label', ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={className} {...props} />;
}

export function MenuSeparator({ className = 'menu__separator', ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={className} {...props} />;
}

export function MenuRadioItem({ className = 'menu__item menu__item--radio', children, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={className} {...props}>
      <span className="menu__indicator" aria-hidden="true">
        <Menu.ItemIndicator>✓</Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

interface LinkItemProps {
  href: string;
  children: ReactNode;
  /** Opens in a new tab (rel noopener noreferrer). External URLs always do. */
  newTab?: boolean;
  disabled?: boolean;
  /** Replaces the router navigation of a plain click on an in-app link. */
  onSelect?: () => void;
  className?: string;
}

/**
 * A link in a menu: an in-app path navigates through the router on a plain click (a modified or middle click is left
 * to the browser, so it opens a new tab); any other URL opens in a new tab.
 */
export function MenuLinkItem({ href, children, newTab, disabled, onSelect, className = 'menu__item' }: LinkItemProps) {
  const router = useRouter({ warn: false });
  const local = isLocalPath(href);
  const external = newTab || !local;
  return (
    <Menu.Item asChild disabled={disabled} className={className}>
      <a
        href={href}
        target={external ? '_blank' : undefined}
        rel={external ? 'noopener noreferrer' : undefined}
        onClick={(event) => {
          if (external || !isPlainClick(event)) return;
          if (!onSelect && !router) return;
          event.preventDefault();
          if (onSelect) onSelect();
          else void router.navigate({ href });
        }}
      >
        {children}
      </a>
    </Menu.Item>
  );
}

export interface MenuItemEntry {
  label: string;
  /** An action; for an in-app `href`, it replaces the router navigation of a plain click. */
  onSelect?: () => void;
  /** Makes the item a link (see MenuLinkItem). */
  href?: string;
  newTab?: boolean;
  disabled?: boolean;
  /** Shown after the label of a disabled item ('Not configured'). */
  disabledReason?: string;
  /** The menu stays open after the item is chosen ('Show more'). */
  keepOpen?: boolean;
}

export type MenuEntry = MenuItemEntry | { kind: 'separator'; key: string } | { kind: 'label'; label: string };

export interface DropdownMenuProps {
  /** The button's accessible name. */
  label: string;
  buttonContent: ReactNode;
  items: readonly MenuEntry[];
  /** More content after the items (groups, radio items, a search field). */
  children?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: ComponentProps<typeof Menu.Content>['side'];
  align?: ComponentProps<typeof Menu.Content>['align'];
  /** false lets the page behind stay usable while open (a hover menu). */
  modal?: boolean;
  contentProps?: Omit<ComponentProps<typeof Menu.Content>, 'children'>;
  triggerClassName?: string;
}

function EntryView({ entry }: { entry: MenuEntry }) {
  if ('kind' in entry) return entry.kind === 'separator' ? <MenuSeparator /> : <MenuLabel>{entry.label}</MenuLabel>;
  const text = (
    <>
      {entry.label}
      {entry.disabled && entry.disabledReason && <DisabledReason reason={entry.disabledReason} />}
    </>
  );
  if (entry.href) {
    return (
      <MenuLinkItem href={entry.href} newTab={entry.newTab} disabled={entry.disabled} onSelect={entry.onSelect}>
        {text}
      </MenuLinkItem>
    );
  }
  return (
    <MenuItem
      disabled={entry.disabled}
      onSelect={(event) => {
        if (entry.keepOpen) event.preventDefault();
        entry.onSelect?.();
      }}
    >
      {text}
    </MenuItem>
  );
}

const entryKey = (entry: MenuEntry) =>
  'kind' in entry ? (entry.kind === 'separator' ? `separator-${entry.key}` : `label-${entry.label}`) : entry.label;

/** A menu button with a list of entries (the header's user menu, the side navigation's More menu). */
export function DropdownMenu({
  label,
  buttonContent,
  items,
  children,
  open,
  onOpenChange,
  side,
  align,
  modal,
  contentProps,
  triggerClassName,
}: DropdownMenuProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };
  return (
    <MenuRoot open={isOpen} onOpenChange={setOpen} modal={modal}>
      <MenuTrigger aria-label={label} className={triggerClassName}>
        {buttonContent}
      </MenuTrigger>
      <MenuContent aria-label={label} side={side} align={align} {...contentProps}>
        {items.map((entry) => (
          <EntryView key={entryKey(entry)} entry={entry} />
        ))}
        {children}
      </MenuContent>
    </MenuRoot>
  );
}

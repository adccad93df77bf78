import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useRouter } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalsProvider } from '../../../src/ui/modals';
import { SidePanel, SidePanelCancel, UNSAVED_CHANGES_MESSAGE, useSidePanelClose } from '../../../src/ui/side-panel';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

interface PanelOptions {
  locked?: boolean;
  dirty?: boolean;
  onBeforeClose?: () => boolean | Promise<boolean>;
}

let panelOptions: PanelOptions = {};
const submitted: string[] = [];

function EditThing() {
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const closeAfterSave = useSidePanelClose('/things');
  return (
    <SidePanel
      title="Edit Thing"
      closeTo="/things"
      locked={panelOptions.locked}
      dirty={panelOptions.dirty ?? name !== ''}
      onBeforeClose={panelOptions.onBeforeClose}
      initialFocus={nameRef}
      onSubmit={() => {
        submitted.push(name);
        closeAfterSave();
      }}
      footer={
        <>
          <SidePanelCancel />
          <button type="submit">Save</button>
        </>
      }
    >
      <label>
        Name
        <input ref={nameRef} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
    </SidePanel>
  );
}

function OpenButton() {
  const router = useRouter();
  return (
    <button type="button" onClick={() => void router.navigate({ href: '/things/7' })}>
      Open 7
    </button>
  );
}

const blockerAnswers: boolean[] = [];

function renderPanelRoutes(initialEntry: string) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> });
  const things = createRoute({
    getParentRoute: () => root,
    path: '/things',
    component: () => (
      <main>
        <h1>Things</h1>
        <OpenButton />
        <Outlet />
      </main>
    ),
  });
  const thing = createRoute({ getParentRoute: () => things, path: '$id', component: EditThing });
  const history = createMemoryHistory({ initialEntries: [initialEntry] });
  // Each answer of a navigation blocker (the panel's), recorded as it is given: true blocked the navigation.
  blockerAnswers.length = 0;
  const block = history.block;
  history.block = (blocker) =>
    block({
      ...blocker,
      blockerFn: async (args) => {
        const blocked = await blocker.blockerFn(args);
        blockerAnswers.push(blocked);
        return blocked;
      },
    });
  const router = createRouter({
    routeTree: root.addChildren([home, things.addChildren([thing])]),
    history,
  });
  render(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
  return router;
}

/** A mouse click as the browser sends it (Radix dismisses on the click that follows an outside pointerdown). */
const clickOn = (element: Element) => {
  fireEvent.pointerDown(element, { button: 0, pointerType: 'mouse' });
  fireEvent.mouseDown(element, { button: 0 });
  fireEvent.pointerUp(element, { button: 0, pointerType: 'mouse' });
  fireEvent.mouseUp(element, { button: 0 });
  fireEvent.click(element, { button: 0 });
};
/** Radix starts listening for clicks outside an opened panel from a timer: a click before that would not count. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const panel = () => screen.findByRole('dialog', { name: 'Edit Thing' });

describe('side panel (spec 1 §2 Shared UI, §4 side-panel state)', () => {
  afterEach(() => {
    panelOptions = {};
    submitted.length = 0;
  });

  it('opens over the parent screen, labelled, with focus on the requested field', async () => {
    renderPanelRoutes('/things/7');
    await panel();
    // The screen below stays rendered but is hidden from assistive technology while the panel is open.
    expect(screen.getByRole('heading', { name: 'Things', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Things' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('close returns to the previous path when it was opened from within the app', async () => {
    const router = renderPanelRoutes('/things?page=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Open 7' }));
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Thing' }));
    await waitFor(() => expect(router.state.location.href).toBe('/things?page=2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('close goes to closeTo when the panel was the first page', async () => {
    const router = renderPanelRoutes('/things/7');
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Thing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
  });

  it('Escape and a backdrop click close it', async () => {
    const router = renderPanelRoutes('/things/7');
    fireEvent.keyDown(await panel(), { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));

    await act(() => router.navigate({ href: '/things/8' }));
    await panel();
    await settle();
    clickOn(document.querySelector('.side-panel-backdrop')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
  });

  it('a dirty panel asks before closing: No keeps it, Yes closes it', async () => {
    const router = renderPanelRoutes('/things/7');
    await panel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Thing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain(UNSAVED_CHANGES_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull());
    expect(router.state.location.pathname).toBe('/things/7');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Oak');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull());
    expect(router.state.location.pathname).toBe('/things/7');

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit Thing' }), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
  });

  it('a dirty panel asks before the user navigates away', async () => {
    const router = renderPanelRoutes('/things/7');
    await panel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oak' } });
    void router.navigate({ to: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull());
    expect(router.state.location.pathname).toBe('/things/7');

    void router.navigate({ to: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('locked while saving: close disabled, Escape ignored, navigation blocked', async () => {
    panelOptions = { locked: true, dirty: false };
    const router = renderPanelRoutes('/things/7');
    const dialog = await panel();
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Close Edit Thing' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    void router.navigate({ to: '/' });
    await waitFor(() => expect(blockerAnswers).toEqual([true]));
    expect(router.state.location.pathname).toBe('/things/7');
    expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull();
  });

  it('a close listener that refuses keeps the panel open', async () => {
    let allow = false;
    panelOptions = { dirty: false, onBeforeClose: () => allow };
    const router = renderPanelRoutes('/things/7');
    fireEvent.keyDown(await panel(), { key: 'Escape' });
    void router.navigate({ to: '/' });
    await waitFor(() => expect(blockerAnswers).toEqual([true]));
    expect(router.state.location.pathname).toBe('/things/7');
    allow = true;
    fireEvent.click(screen.getByRole('button', { name: 'Close Edit Thing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
  });

  it('the footer submits the body form; a save closes without asking even when dirty', async () => {
    const router = renderPanelRoutes('/things/7');
    await panel();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
    expect(submitted).toEqual(['Pine']);
    expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull();
  });
});

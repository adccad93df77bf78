import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import * as v from 'valibot';
import { ConflictBody, DRIVER_MESSAGES, Driver, EmployeeSearchResultList, type DriverType } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { SidePanel, SidePanelCancel, SidePanelSaveFooter, useSidePanelClose } from '../../../ui/side-panel';
import { driverKeys, useDriver, useDriverTypes, useSaveDriver } from '../api/drivers';
import { driverPanelTitle, driverTypeFormSchema, fullName } from '../driver-rules';

export interface DriverPanelProps {
  employeeNumber: string;
  /** Where closing goes when the panel was opened directly: the search with its criteria. */
  closeTo: string;
}

/** The employee as the search that led here answered them (the name of someone who is not a driver yet). */
function useSearchedEmployee(employeeNumber: string) {
  const queryClient = useQueryClient();
  for (const [, data] of queryClient.getQueriesData({ queryKey: driverKeys.searches() })) {
    const parsed = v.safeParse(EmployeeSearchResultList, data);
    const found = parsed.success ? parsed.output.find((employee) => employee.employeeNumber === employeeNumber) : undefined;
    if (found) return found;
  }
  return undefined;
}

function saveFailure(error: unknown, adding: boolean): string | undefined {
  if (isOfflineError(error)) return 'You are offline. Save again when you are back online.';
  if (isHttpError(error, 409)) {
    return adding
      ? 'This employee is already a driver: the panel now shows their driver type.'
      : 'This driver was changed by someone else: the latest version has been loaded.';
  }
  return isHttpError(error) ? error.body?.message : undefined;
}

interface DriverFormProps {
  employeeNumber: string;
  name: string;
  driver: Driver | null;
  types: readonly DriverType[];
  closeTo: string;
}

/** The driver type form of spec 3 §2 and §5: add to drivers or update the driver's type. */
function DriverForm({ employeeNumber, name, driver, types, closeTo }: DriverFormProps) {
  const adding = driver === null;
  const save = useSaveDriver();
  const queryClient = useQueryClient();
  const close = useSidePanelClose(closeTo);
  const selectRef = useRef<HTMLDivElement>(null);
  const form = useAppForm({
    defaultValues: { driverTypeId: driver ? String(driver.driverType.id) : '' },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: driverTypeFormSchema },
    onSubmit: async ({ value }) => {
      const body = {
        employee: { employeeNumber },
        driverType: { id: Number(value.driverTypeId) },
        ...(driver ? { rowVersion: driver.rowVersion } : {}),
      };
      try {
        const saved = await save.mutateAsync({ body, adding });
        notify({
          level: 'success',
          title: adding ? DRIVER_MESSAGES.added(fullName(saved.employee)) : DRIVER_MESSAGES.updated(fullName(saved.employee)),
        });
        close();
      } catch (error) {
        // spec 3 §8: 'Error adding Drivers' / 'Error updating Drivers', with what went wrong.
        notify({
          level: 'error',
          title: adding ? DRIVER_MESSAGES.addFailed : DRIVER_MESSAGES.updateFailed,
          description: saveFailure(error, adding),
        });
        if (isHttpError(error, 409)) {
          const conflict = v.safeParse(ConflictBody, error.data);
          const current = conflict.success ? v.safeParse(Driver, conflict.output.current) : undefined;
          if (current?.success) queryClient.setQueryData(driverKeys.driver(employeeNumber), current.output);
          void queryClient.invalidateQueries({ queryKey: driverKeys.searches() });
        }
      }
    },
  });
  const dirty = useStore(form.store, (state) => state.isDirty);

  return (
    <SidePanel
      title={driverPanelTitle(!adding)}
      closeTo={closeTo}
      dirty={dirty && !save.isPending}
      locked={save.isPending}
      onSubmit={() => void form.handleSubmit().then(() => focusFirstInvalidField(selectRef.current?.closest('form') ?? null))}
      footer={<SidePanelSaveFooter saving={save.isPending} />}
    >
      <div ref={selectRef} className="form driver-form">
        <dl className="driver-form__employee">
          <dt>Employee</dt>
          <dd>{name}</dd>
          <dt>Employee number</dt>
          <dd>{employeeNumber}</dd>
          {driver && (
            <>
              <dt>Current driver type</dt>
              <dd>{driver.driverType.description}</dd>
            </>
          )}
        </dl>
        <form.AppField name="driverTypeId">
          {(field) => (
            <field.SelectField
              label="Driver type"
              required
              options={[
                { value: '', label: 'Select a driver type' },
                ...types.map((type) => ({ value: String(type.id), label: type.description })),
              ]}
            />
          )}
        </form.AppField>
      </div>
    </SidePanel>
  );
}

function PanelMessage({ title, closeTo, children }: { title: string; closeTo: string; children: React.ReactNode }) {
  return (
    <SidePanel title={title} closeTo={closeTo} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      {children}
    </SidePanel>
  );
}

/**
 * The side panel of spec 3 §2 Driver management over the search: 'Update Driver' for an employee who is a driver,
 * 'Add to Drivers' for one who is not (GET /transportation/drivers/{employeeNumber} tells which).
 */
export function DriverPanel({ employeeNumber, closeTo }: DriverPanelProps) {
  const searched = useSearchedEmployee(employeeNumber);
  const driver = useDriver(employeeNumber);
  const types = useDriverTypes();
  const guessTitle = driverPanelTitle(searched?.isDriver ?? false);

  if (types.isError || (types.data === undefined && types.fetchStatus === 'paused')) {
    return (
      <PanelMessage title={guessTitle} closeTo={closeTo}>
        <p className="notice notice--warning" role="alert">
          {DRIVER_MESSAGES.driverTypesFailed}
        </p>
      </PanelMessage>
    );
  }
  if (driver.isError || (driver.data === undefined && driver.fetchStatus === 'paused')) {
    return (
      <PanelMessage title={guessTitle} closeTo={closeTo}>
        <p className="notice notice--warning" role="alert">
          {isOfflineError(driver.error) || driver.fetchStatus === 'paused'
            ? 'You are offline. Open the employee again when you are back online.'
            : 'The employee could not be loaded.'}
        </p>
      </PanelMessage>
    );
  }
  if (driver.data === undefined || types.data === undefined) {
    return (
      <PanelMessage title={guessTitle} closeTo={closeTo}>
        <p role="status">Loading...</p>
      </PanelMessage>
    );
  }
  const name = driver.data ? fullName(driver.data.employee) : searched ? fullName(searched) : `Employee ${employeeNumber}`;
  return (
    <DriverForm
      // A new version (after a save or a conflict) starts the form again from what the server holds.
      key={driver.data ? `driver:${driver.data.rowVersion}` : 'new'}
      employeeNumber={employeeNumber}
      name={name}
      driver={driver.data}
      types={types.data}
      closeTo={closeTo}
    />
  );
}

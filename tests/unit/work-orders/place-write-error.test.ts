import type { AnyFormApi } from '@tanstack/react-form';
import { describe, expect, it, vi } from 'vitest';
import { placeWriteError } from '../../../src/features/work-orders/components/panels/panel-frame';
import { DEVICE_FULL_MESSAGE, DeviceFullError } from '../../../src/offline/storage-full';

describe('work-order panels: where a failed save is said', () => {
  const form = { setFieldMeta: vi.fn() } as unknown as AnyFormApi;

  it('a full device: the form says there is no room (not "Try again")', () => {
    expect(placeWriteError(new DeviceFullError(), form, ['description'])).toBe(DEVICE_FULL_MESSAGE);
    expect(DEVICE_FULL_MESSAGE).toMatch(/^This device has no room left for this change/);
  });

  it('anything else that is not a refusal: not saved, try again', () => {
    expect(placeWriteError(new Error('boom'), form, ['description'])).toBe('The change was not saved. Try again.');
  });
});

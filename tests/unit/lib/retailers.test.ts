import { describe, expect, it } from 'vitest';
import { retailCenterLabel } from '../../../src/lib/retailers';

describe('retailCenterLabel (spec 1 §2 Header)', () => {
  it('appends the city', () => {
    expect(retailCenterLabel({ name: 'Sunrise Homes', retailerCity: 'Knoxville', retailerNumber: '4217' })).toBe(
      'Sunrise Homes - Knoxville',
    );
  });

  it('does not append the city to a center whose number ends in 0', () => {
    expect(retailCenterLabel({ name: 'Company Homes', retailerCity: 'Maryville', retailerNumber: '7740' })).toBe('Company Homes');
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { GeneralForm, type GeneralSubmit } from './GeneralForm';
import type { GeneralSettingsInput } from './general.schema';

const defaults: GeneralSettingsInput = {
  name: 'Flood watch',
  description: 'Reports of flooding',
  email: '',
  language: 'en',
  private: false,
  disable_registration: false,
  lat: '-1.3',
  lon: '36.8',
  zoom: '2',
  location_precision: '2',
  baselayer: 'streets',
  clustering: true,
};
const ALL_ON = { privateEnabled: true, registrationSwitchEnabled: true, precisionEnabled: true };

function setup(onSubmit: GeneralSubmit = vi.fn(async () => true), switches = ALL_ON) {
  render(<GeneralForm defaults={defaults} currentLogo={null} switches={switches} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup(), save: () => screen.getByRole('button', { name: /^(Save|Saving…)$/ }) as HTMLButtonElement };
}

describe('GeneralForm (spec 3 section 5, general and map settings)', () => {
  beforeAll(() => initI18n());

  it('requires the site name', async () => {
    const { onSubmit, user, save } = setup();
    await user.clear(screen.getByLabelText(/Deployment name/));
    expect(await screen.findByText('Site name is required')).toBeTruthy();
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the contact e-mail only when one is given', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Contact email'), 'team@');
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    await user.clear(screen.getByLabelText('Contact email'));
    await waitFor(() => expect(screen.queryByText('This email address is invalid')).toBeNull());
  });

  it('keeps latitude, longitude, zoom and precision in their ranges', async () => {
    const { user } = setup();
    const retype = async (label: RegExp, value: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    };
    await retype(/Latitude/, '90.5');
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeTruthy();
    await retype(/Longitude/, '-180.1');
    expect(await screen.findByText('Longitude must be between -180 and 180')).toBeTruthy();
    await retype(/Zoom level/, '19');
    expect(await screen.findByText('Zoom must be a whole number between 0 and 18')).toBeTruthy();
    await retype(/Location precision/, '10');
    expect(await screen.findByText('Location precision must be a whole number between 0 and 9')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Latitude/));
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeTruthy();
  });

  it('shows the precision in kilometres: 1000 / 10^n', async () => {
    const { user } = setup();
    expect(screen.getByText('Locations are shown to within about 10 km (0 to 9 decimal places).')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Location precision/));
    await user.type(screen.getByLabelText(/Location precision/), '5');
    expect(await screen.findByText('Locations are shown to within about 0.01 km (0 to 9 decimal places).')).toBeTruthy();
  });

  it('refuses a logo that is too large or not an image, with the spec message', async () => {
    setup();
    const big = new File([new Uint8Array(1048577)], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Deployment logo'), { target: { files: [big] } });
    expect(
      await screen.findByText(
        'Your image is too large (maximum size is 1MB) or has the wrong format (allowed formats are gif, png, jpg and jpeg), please check and try again!',
      ),
    ).toBeTruthy();
    const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Deployment logo'), { target: { files: [pdf] } });
    expect(await screen.findByText(/Your image is too large/)).toBeTruthy();
  });

  it('saves numbers as numbers; while saving the inputs are disabled, and a failure gives them back', async () => {
    let finish: (saved: boolean) => void = () => undefined;
    const onSubmit = vi.fn<GeneralSubmit>(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { user, save } = setup(onSubmit);
    expect(save().disabled).toBe(true); // nothing changed yet
    await user.clear(screen.getByLabelText(/Zoom level/));
    await user.type(screen.getByLabelText(/Zoom level/), '7');
    await user.click(screen.getByLabelText('Satellite'));
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ zoom: 7, lat: -1.3, lon: 36.8, location_precision: 2, baselayer: 'satellite' });
    expect(save().textContent).toBe('Saving…');
    expect((screen.getByLabelText(/Deployment name/) as HTMLInputElement).matches(':disabled')).toBe(true);
    finish(false);
    await waitFor(() => expect(save().textContent).toBe('Save'));
    expect((screen.getByLabelText(/Deployment name/) as HTMLInputElement).matches(':disabled')).toBe(false);
    expect(save().disabled).toBe(false);
  });

  it('shows the private and registration switches only when their features are on', () => {
    setup(undefined, { privateEnabled: false, registrationSwitchEnabled: false, precisionEnabled: false });
    expect(screen.queryByLabelText('Private deployment')).toBeNull();
    expect(screen.queryByLabelText('Disable registration')).toBeNull();
    expect(screen.queryByLabelText(/Location precision/)).toBeNull();
  });
});

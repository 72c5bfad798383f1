import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { renderWithApp } from '../test/harness';
import { ImageField } from './ImageField';

beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

function Picker() {
  const [file, setFile] = useState<File | null>(null);
  return <ImageField label="Header image" file={file} onChange={(chosen) => setFile(chosen)} />;
}

describe('ImageField', () => {
  it('picks through a button in the interface language and names the chosen file', async () => {
    const { user } = await renderWithApp(<Picker />);
    expect((await screen.findByText('Choose an image')).tagName).toBe('LABEL');
    expect(screen.getByText('No image chosen')).toBeTruthy();
    await user.upload(screen.getByLabelText('Header image'), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(screen.getByText('logo.png')).toBeTruthy();
    expect(screen.getByText('Choose another image')).toBeTruthy();
    expect(screen.queryByText('No image chosen')).toBeNull();
  });

  it('says it in Arabic too', async () => {
    await changeLanguage('ar');
    try {
      await renderWithApp(<Picker />);
      expect(await screen.findByText('اختيار صورة')).toBeTruthy();
      expect(screen.getByText('لم تُختر أي صورة')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});

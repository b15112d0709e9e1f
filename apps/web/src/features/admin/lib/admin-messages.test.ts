import { AdminMessages, TakedownReason, TakedownReasonLabels } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { arabic } from '@/testing/arabic-catalogue';
import { setActiveIntl } from '@/lib/i18n/active-locale';
import {
  adminServerMessages,
  adminText,
  auditActionName,
  auditTargetName,
  orderStatusName,
  takedownReasonName,
} from './admin-messages';

const english = () => createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const arabicIntl = () =>
  createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} });

describe("the operator console's messages", () => {
  afterEach(() => setActiveIntl(english()));

  it('has every AdminMessages text of the contracts, in its exact English, and each in Arabic', () => {
    const texts = Object.fromEntries(Object.entries(adminServerMessages).map(([id, m]) => [id, m.defaultMessage]));
    expect(texts).toEqual(
      Object.fromEntries(Object.entries(AdminMessages).map(([key, text]) => [`admin.server.${key}`, text])),
    );
    for (const id of Object.keys(adminServerMessages)) expect(arabic).toHaveProperty([id]);
  });

  it('shows a server answer in Arabic on Arabic pages, the store’s own messages too, anything else as it came', () => {
    expect(adminText(AdminMessages.refunded)).toBe(AdminMessages.refunded);
    setActiveIntl(arabicIntl());
    expect(adminText(AdminMessages.refunded)).toBe('استُرِدّ الطلب وأُلغي ترخيصه.');
    expect(adminText(AdminMessages.userDisabled)).toBe('عُطِّل الحساب وأُنهيت جميع جلساته.');
    expect(adminText(Messages.noMusicFound)).toBe('لم يُعثر على موسيقى.');
    expect(adminText('A detail the server made up')).toBe('A detail the server made up');
  });

  it('keeps the English names of statuses, reasons and targets as the API and the contracts write them', () => {
    const intl = english();
    for (const reason of TakedownReason.options) {
      expect(takedownReasonName(intl, reason)).toBe(TakedownReasonLabels[reason]);
    }
    expect(orderStatusName(intl, 'refunded')).toBe('refunded');
    expect(auditTargetName(intl, 'order')).toBe('order');
    expect(auditTargetName(intl, 'playlist')).toBe('playlist');
  });

  it('names the audit actions in Arabic, and none it does not know', () => {
    const intl = arabicIntl();
    expect(auditActionName(intl, 'user.disable')).toBe('تعطيل حساب');
    expect(auditActionName(intl, 'order.refund')).toBe('استرداد طلب');
    expect(auditActionName(intl, 'track.takedown')).toBe('حجب مقطوعة');
    expect(auditActionName(intl, 'toString')).toBeNull();
    expect(auditTargetName(intl, 'track')).toBe('المقطوعة');
    expect(orderStatusName(intl, 'paid')).toBe('مدفوع');
    expect(takedownReasonName(intl, 'copyright')).toBe('مطالبة بحقوق النشر');
  });
});

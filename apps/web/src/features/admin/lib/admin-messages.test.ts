import { AdminMessages, TakedownReason, TakedownReasonLabels } from '@tarab/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { arabic } from '@/testing/arabic-catalogue';
import { adminMessages, auditActionName, auditTargetName, orderStatusName, takedownReasonName } from './admin-messages';

const english = () => createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const arabicIntl = () =>
  createIntl({ locale: 'ar', defaultLocale: 'en', messages: arabic as never, onError: () => {} });

describe("the operator console's messages", () => {
  it('says what an action did in the English of the contracts, and in Arabic on Arabic pages', () => {
    for (const key of ['userDisabled', 'userEnabled', 'roleChanged', 'refunded', 'approved', 'noteRequired'] as const) {
      expect(english().formatMessage(adminMessages[key])).toBe(AdminMessages[key]);
    }
    expect(arabicIntl().formatMessage(adminMessages.refunded)).toBe('استُرِدّ الطلب وأُلغي ترخيصه.');
    expect(arabicIntl().formatMessage(adminMessages.userDisabled)).toBe('عُطِّل الحساب وأُنهيت جميع جلساته.');
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

import { describe, expect, it } from 'vitest';
import {
  appointmentLead,
  chatText,
  popupLead,
  projectContactLead,
  projectLead,
} from '../../src/forms/payloads';
import { POPUP_FIELDS } from '../../src/forms/definitions';
import { indiaDay, indiaTimestamp } from '../../src/forms/india-time';

/** 14:05:09 in India on 22 November 2026. */
const NOW = new Date('2026-11-22T08:35:09.123Z');

describe('indiaTimestamp', () => {
  it('writes the moment in India time with the +05:30 offset, without milliseconds', () => {
    expect(indiaTimestamp(NOW)).toBe('2026-11-22T14:05:09+05:30');
  });

  it('rolls over to the next day in India before UTC does', () => {
    expect(indiaTimestamp(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01T00:00:00+05:30');
    expect(indiaDay(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(indiaDay(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('does not depend on the zone the code runs in', () => {
    const stamp = indiaTimestamp(NOW);
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(new Date(stamp).getTime()).toBe(Math.floor(NOW.getTime() / 1000) * 1000);
  });
});

describe('popupLead', () => {
  it('sends exactly name, email, phone, data_source Website, dateOfLead and project "-"', () => {
    const lead = popupLead({ name: ' Asha Rao ', email: 'asha@example.com ', phone: '98110 12345' }, NOW);
    expect(lead).toStrictEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '98110 12345',
      data_source: 'Website',
      dateOfLead: '2026-11-22T14:05:09+05:30',
      project: '-',
    });
    expect(Object.keys(lead)).toEqual(['name', 'email', 'phone', 'data_source', 'dateOfLead', 'project']);
  });
});

describe('projectLead', () => {
  it('sends the remark and names the project it is given', () => {
    const lead = projectLead(
      { name: 'Vikram Singh', email: 'v@example.in', phone: '+91 99999 00000', remark: '3 BHK ' },
      'Paras Floret',
      NOW,
    );
    expect(lead).toStrictEqual({
      name: 'Vikram Singh',
      email: 'v@example.in',
      phone: '+91 99999 00000',
      remark: '3 BHK',
      data_source: 'Website',
      dateOfLead: '2026-11-22T14:05:09+05:30',
      project: 'Paras Floret',
    });
  });
});

describe('appointmentLead', () => {
  it('sends every appointment field with the project as typed', () => {
    const lead = appointmentLead(
      {
        project: 'Emaar Amaris',
        name: 'Meera',
        email: 'meera@example.com',
        phone: '07012345678',
        appointmentDate: '2026-12-01',
        budget: '2.5',
        bhk: '3 Bhk',
        remark: 'Weekend please',
      },
      NOW,
    );
    expect(lead).toStrictEqual({
      data_source: 'Website',
      dateOfLead: '2026-11-22T14:05:09+05:30',
      project: 'Emaar Amaris',
      name: 'Meera',
      email: 'meera@example.com',
      phone: '07012345678',
      appointmentDate: '2026-12-01',
      budget: '2.5',
      bhk: '3 Bhk',
      remark: 'Weekend please',
    });
  });
});

describe('projectContactLead', () => {
  it('joins first and last name, sends the message as the remark and names the project', () => {
    const lead = projectContactLead(
      {
        firstName: ' Ravi',
        lastName: 'Kumar ',
        email: 'ravi@example.com',
        phone: '9811012345',
        message: 'Retail unit',
      },
      'Sector 66 retail project',
      NOW,
    );
    expect(lead).toStrictEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '9811012345',
      remark: 'Retail unit',
      data_source: 'Website',
      dateOfLead: '2026-11-22T14:05:09+05:30',
      project: 'Sector 66 retail project',
    });
  });
});

describe('chatText', () => {
  it('starts with the greeting and lists what was typed, skipping empty fields', () => {
    expect(chatText('Hello.', POPUP_FIELDS, { name: 'Asha', email: ' ', phone: '98110 12345' })).toBe(
      'Hello.\nName: Asha\nPhone: 98110 12345',
    );
  });
});

-- Roles decide who publishes: admin (everything), publisher (the sheets and the leads), sales (the
-- leads only). Every editor so far published sheets and worked leads: they become publishers.
ALTER TABLE staff_member DROP CONSTRAINT staff_member_role_check;
UPDATE staff_member SET role = 'publisher' WHERE role = 'editor';
ALTER TABLE staff_member ADD CONSTRAINT staff_member_role_check CHECK (role IN ('admin', 'publisher', 'sales'));
ALTER TABLE staff_member ALTER COLUMN role SET DEFAULT 'sales';

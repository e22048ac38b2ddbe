-- The history of one record (e.g. every correction of a manche) is read by entity and id.
CREATE INDEX audit_record ON audit (entity, entity_id, id);

# Driver (written for vmsample's corpus) of sqlparse: SQL split, formatted and parsed into token trees.
import sqlparse
from sqlparse import sql, tokens

SCRIPT = """select a.id, b.name as n, count(*) from accounts a join banks b on a.bank_id = b.id
where a.balance > 100 and b.name like 'X%' group by a.id, b.name having count(*) > 1 order by n desc;
insert into t (x, y) values (1, 'two'); -- a comment
update t set x = x + 1 where y in (select y from u where z is not null);
create table t2 (id integer primary key, v varchar(10) default 'a;b');"""
statements = sqlparse.split(SCRIPT)
print(len(statements), [s[:25] for s in statements])
print(sqlparse.format(SCRIPT, reindent=True, keyword_case="upper", identifier_case="lower", strip_comments=True))
print(sqlparse.format(statements[0], reindent_aligned=True), sqlparse.format("SELECT   *  FROM x", strip_whitespace=True))
stmt = sqlparse.parse(statements[0])[0]
print(stmt.get_type(), [str(t) for t in stmt.tokens if not t.is_whitespace][:8])
for token in stmt.tokens:
    if isinstance(token, sql.IdentifierList):
        print([(i.get_real_name(), i.get_alias()) for i in token.get_identifiers() if isinstance(i, sql.Identifier)])
    if isinstance(token, sql.Where):
        print("where:", token.value.strip()[:40])
print([(t.ttype, t.value) for t in sqlparse.parse("select 1.5, 'x', :param, @v from dual")[0].flatten()
       if t.ttype is not None and t.ttype not in tokens.Whitespace][:9])
print([s.get_type() for s in sqlparse.parse(SCRIPT)], sqlparse.format("select 'a' as x", output_format="python"))

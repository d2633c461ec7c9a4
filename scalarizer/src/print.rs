//! `fscal emit scalarized`: the loop IR as readable pseudo-Fortran.
//!
//! Array elements are written `a[offset]` (zero-based element offsets from
//! the data pointer, as the generated code computes them), descriptor fields
//! `a%lbound(1)`, runtime calls by their Fortran-level meaning.

use crate::ir::{BinOp, CmpOp, Const, DescField, Expr, LoopIr, LoopOrigin, RtFn, Stmt, UnOp};

/// Render a whole program.
pub fn dump(ir: &LoopIr) -> String {
    let mut p = Printer {
        ir,
        out: String::new(),
        indent: 0,
    };
    p.line("program");
    p.indent += 1;
    for s in &ir.body {
        p.stmt(s);
    }
    p.indent -= 1;
    p.line("end program");
    p.out
}

/// Render one expression the way the dump does.
pub fn expr_text(ir: &LoopIr, e: &Expr) -> String {
    Printer {
        ir,
        out: String::new(),
        indent: 0,
    }
    .expr(e)
}

struct Printer<'a> {
    ir: &'a LoopIr,
    out: String,
    indent: usize,
}

impl Printer<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn block(&mut self, body: &[Stmt]) {
        self.indent += 1;
        for s in body {
            self.stmt(s);
        }
        self.indent -= 1;
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Set(l, e) => {
                let t = format!("{} = {}", self.ir.locals[l.index()].name, self.expr(e));
                self.line(&t);
            }
            Stmt::Store(a, e) => {
                let t = format!(
                    "{}[{}] = {}",
                    self.ir.arrays[a.array.index()].name,
                    self.expr(&a.index),
                    self.expr(e)
                );
                self.line(&t);
            }
            Stmt::Loop(l) => {
                let info = &self.ir.loops[l.id.index()];
                let what = match &info.origin {
                    LoopOrigin::User => String::new(),
                    LoopOrigin::Scalarized { dim, phase, .. } => {
                        let mut w = format!("  ! dim {}", dim + 1);
                        if *phase == 2 {
                            w.push_str(", copy out of the temporary");
                        }
                        if info.reversed {
                            w.push_str(", reversed");
                        }
                        w
                    }
                    LoopOrigin::Helper => String::new(),
                };
                let step = match &l.step {
                    Expr::Const(Const::I64(1) | Const::I32(1)) => String::new(),
                    s => format!(", {}", self.expr(s)),
                };
                let head = format!(
                    "do {} = {}, {}{step}{what}",
                    self.ir.locals[l.var.index()].name,
                    self.expr(&l.start),
                    self.expr(&l.end)
                );
                self.line(&head);
                self.block(&l.body);
                self.line("end do");
            }
            Stmt::While { cond, body, .. } => {
                let head = format!("do while ({})", self.expr(cond));
                self.line(&head);
                self.block(body);
                self.line("end do");
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let head = format!("if ({}) then", self.expr(cond));
                self.line(&head);
                self.block(then_body);
                if !else_body.is_empty() {
                    self.line("else");
                    self.block(else_body);
                }
                self.line("end if");
            }
            Stmt::Break(_) => self.line("exit"),
            Stmt::Continue(_) => self.line("cycle"),
            Stmt::Call(f, args) => {
                let t = format!("call {}", self.call(*f, args));
                self.line(&t);
            }
            Stmt::Comment(c) => {
                let t = format!("! {c}");
                self.line(&t);
            }
        }
    }

    fn call(&self, f: RtFn, args: &[Expr]) -> String {
        let a: Vec<String> = args.iter().map(|e| self.expr(e)).collect();
        format!(
            "{}({})",
            f.symbol().trim_start_matches("fscal_"),
            a.join(", ")
        )
    }

    fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Const(c) => match c {
                Const::I32(v) => v.to_string(),
                Const::I64(v) => format!("{v}"),
                Const::F32(v) => format!("{v:?}"),
                Const::F64(v) => format!("{v:?}d0"),
                Const::Bool(b) => if *b { ".true." } else { ".false." }.to_string(),
            },
            Expr::Local(l) => self.ir.locals[l.index()].name.clone(),
            Expr::Desc(a, f) => {
                let n = &self.ir.arrays[a.index()].name;
                match f {
                    DescField::Base => format!("{n}%base"),
                    DescField::Offset => format!("{n}%offset"),
                    DescField::LBound(d) => format!("{n}%lbound({})", d + 1),
                    DescField::Extent(d) => format!("{n}%extent({})", d + 1),
                    DescField::Stride(d) => format!("{n}%stride({})", d + 1),
                }
            }
            Expr::DescAddr(a) => self.ir.arrays[a.index()].name.clone(),
            Expr::Str(s) => format!("{:?}", self.ir.strings[s.index()]),
            Expr::Load(a) => format!(
                "{}[{}]",
                self.ir.arrays[a.array.index()].name,
                self.expr(&a.index)
            ),
            Expr::Unary(op, x) => {
                let x = self.expr(x);
                match op {
                    UnOp::Neg => format!("-{x}"),
                    UnOp::Not => format!(".not. {x}"),
                    UnOp::Abs => format!("abs({x})"),
                    UnOp::Sqrt => format!("sqrt({x})"),
                    UnOp::Floor => format!("floor({x})"),
                    UnOp::Ceil => format!("ceiling({x})"),
                    UnOp::Trunc => format!("aint({x})"),
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                let infix = match op {
                    BinOp::Add => "+",
                    BinOp::Sub => "-",
                    BinOp::Mul => "*",
                    BinOp::Div => "/",
                    BinOp::And => ".and.",
                    BinOp::Or => ".or.",
                    BinOp::Eqv => ".eqv.",
                    BinOp::Neqv => ".neqv.",
                    BinOp::Rem => return format!("mod({a}, {b})"),
                    BinOp::Min => return format!("min({a}, {b})"),
                    BinOp::Max => return format!("max({a}, {b})"),
                    BinOp::CopySign => return format!("sign({a}, {b})"),
                };
                format!("({a} {infix} {b})")
            }
            Expr::Cmp(op, a, b) => {
                let o = match op {
                    CmpOp::Eq => "==",
                    CmpOp::Ne => "/=",
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                };
                format!("({} {o} {})", self.expr(a), self.expr(b))
            }
            Expr::Convert(t, x) => format!("{t}({})", self.expr(x)),
            Expr::Select(c, a, b) => format!(
                "merge({}, {}, {})",
                self.expr(a),
                self.expr(b),
                self.expr(c)
            ),
            Expr::Call(f, args) => self.call(*f, args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ArrayDecl, ArrayKind, ScalarTy};

    #[test]
    fn dumps_a_store_in_a_loop() {
        let mut ir = LoopIr::default();
        let a = ir.add_array(ArrayDecl {
            name: "a".into(),
            elem: ScalarTy::F64,
            rank: 1,
            kind: ArrayKind::User,
        });
        let s = ir.add_local("s1", ScalarTy::I64);
        let id = ir.add_loop(crate::ir::LoopInfo {
            origin: LoopOrigin::User,
            independent: false,
            reversed: false,
        });
        ir.body.push(Stmt::Loop(crate::ir::Loop {
            id,
            var: s,
            start: Expr::Const(Const::I64(1)),
            end: Expr::Const(Const::I64(10)),
            step: Expr::Const(Const::I64(1)),
            body: vec![Stmt::Store(
                crate::ir::Addr {
                    array: a,
                    index: Expr::Local(s),
                },
                Expr::Const(Const::F64(0.5)),
            )],
        }));
        assert_eq!(
            dump(&ir),
            "program\n  do s1 = 1, 10\n    a[s1] = 0.5d0\n  end do\nend program\n"
        );
    }
}

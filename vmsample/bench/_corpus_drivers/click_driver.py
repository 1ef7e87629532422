# Driver (written for vmsample's corpus) of click: a command-line application run through click's test runner.
import click
from click.testing import CliRunner


@click.group()
@click.option("--verbose", "-v", count=True, help="More output.")
@click.pass_context
def cli(ctx, verbose):
    """A tool that manages a small inventory."""
    ctx.ensure_object(dict)
    ctx.obj["verbose"] = verbose


@cli.command()
@click.argument("name")
@click.option("--count", "-n", default=1, type=click.IntRange(1, 10), show_default=True)
@click.option("--color", type=click.Choice(["red", "green"], case_sensitive=False), default="red")
@click.option("--tag", multiple=True)
@click.option("--dry-run/--no-dry-run", default=False)
@click.pass_obj
def add(obj, name, count, color, tag, dry_run):
    """Add COUNT items called NAME."""
    click.echo(f"add {name} x{count} color={color} tags={list(tag)} dry={dry_run} verbose={obj['verbose']}")


@cli.command(name="total")
@click.argument("prices", nargs=-1, type=float)
@click.option("--currency", envvar="CURRENCY", default="EUR")
def total_(prices, currency):
    """Sum PRICES."""
    click.secho(f"{sum(prices):.2f} {currency}", bold=True)


@cli.command()
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True)
@click.option("--size", type=(int, int), default=(1, 2))
def login(password, size):
    click.echo(f"password has {len(password)} characters, size {size}")


@cli.command()
@click.argument("src", type=click.File("r"))
def show(src):
    click.echo(src.read().upper(), nl=False)


runner = CliRunner()
for args, kwargs in [(["--help"], {}), (["add", "--help"], {}), (["-vv", "add", "bolt", "-n", "3", "--tag", "a", "--tag", "b"], {}),
                     (["add", "nut", "--color", "GREEN", "--dry-run"], {}), (["add", "x", "-n", "11"], {}),
                     (["add"], {}), (["total", "1.5", "2.25"], {"env": {"CURRENCY": "USD"}}), (["nope"], {}),
                     (["login"], {"input": "secret\nsecret\n"}), (["login", "--size", "3", "4", "--password", "pw"], {}),
                     (["show", "-"], {"input": "from stdin\n"})]:
    result = runner.invoke(cli, args, **kwargs)
    print(f"$ {' '.join(args)}  [exit {result.exit_code}]")
    print(result.output, end="")
print(click.style("styled", fg="red", underline=True), repr(click.unstyle("\x1b[31mred\x1b[0m")),
      click.format_filename(b"caf\xc3\xa9.txt"), click.wrap_text("word " * 20, width=30))
